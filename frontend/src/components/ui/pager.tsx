/**
 * Previous / Next under a list the server pages, with where the page is: 'Showing 51–100 of 2,345'. The
 * buttons keep their place while a page loads (`busy`), so the list does not jump under the pointer.
 */
import { pageRange, type Page } from '../../../../contracts/paging';
import { formatInteger } from '../../lib/utils';
import { Button } from './button';

type PagerProps = {
  /** The page shown (its items, number and size) and the count of the list it comes from. */
  page: Pick<Page<unknown>, 'items' | 'page' | 'pageSize' | 'filtered'>;
  onPage: (page: number) => void;
  /** Names the navigation landmark ('Leads pages'). */
  label: string;
  busy?: boolean;
};

export function Pager({ page, onPage, label, busy = false }: PagerProps) {
  const { from, to } = pageRange(page);
  const last = Math.max(1, Math.ceil(page.filtered / page.pageSize));
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-between gap-2 pt-4">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {page.filtered === 0 ? 'Showing 0 of 0' : `Showing ${formatInteger(from)}–${formatInteger(to)} of ${formatInteger(page.filtered)}`}
      </p>
      <div className="flex gap-2">
        <Button type="button" variant="outline" size="sm" disabled={busy || page.page <= 1} onClick={() => onPage(page.page - 1)}>
          Previous
        </Button>
        <Button type="button" variant="outline" size="sm" disabled={busy || page.page >= last} onClick={() => onPage(page.page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
