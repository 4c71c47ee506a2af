/**
 * A list of apps the server pages (home's All Applications, a category): the page the address asks for, which
 * the server renders, then 'Load more' appends the next page, fetched from the paged API. 'Load more' and
 * 'Previous page' are real links (`?page=N`) that the server also renders: crawlers and visitors without
 * JavaScript walk the whole list, and the page stays the same size however large the catalogue grows.
 */
import { useState, type MouseEvent, type ReactNode } from 'react';
import { Link, type To } from 'react-router-dom';
import useSWR from 'swr';
import { Button } from '../../../components/ui/button';
import type { ApiError } from '../../../lib/api-client';
import { formatInteger } from '../../../lib/utils';
import type { AppPage, AppSummary } from '../../../../../contracts/catalogue/app';
import { LoadError } from './load-error';

type LoadMorePagesProps<T> = {
  /** The first page shown: the one the address asks for. */
  start: number;
  /** The API read (an SWR key) that answers page `page`. */
  keyOf: (page: number) => string;
  /** The page of apps in that read's answer. */
  pick: (data: T) => AppPage;
  /** The address that shows page `page` on its own. */
  hrefOf: (page: number) => To;
  /** The list for one page's apps. */
  children: (apps: AppSummary[]) => ReactNode;
  /** Shown while a page loads. */
  skeleton: ReactNode;
  /** Shown when the list has no app at all. */
  empty: ReactNode;
};

export function LoadMorePages<T>({ start, keyOf, pick, hrefOf, children, skeleton, empty }: LoadMorePagesProps<T>) {
  const [shown, setShown] = useState(1);
  const pages = Array.from({ length: shown }, (_, i) => start + i);
  // The newest page asked for; while it loads, the one before it (for the count and whether more follow).
  const last = useSWR<T, ApiError>(keyOf(start + shown - 1), { keepPreviousData: true });
  const page = last.data === undefined ? undefined : pick(last.data);

  if (shown === 1 && last.error && !last.data) {
    return <LoadError message="Could not load apps. Please try again." onRetry={() => void last.mutate()} />;
  }
  if (page && page.filtered === 0) return empty;

  const more = page !== undefined && page.page * page.pageSize < page.filtered;
  const loadMore = (event: MouseEvent) => {
    // The link is for crawlers and for a page not yet running its code; here the next page joins this one.
    event.preventDefault();
    if (!last.isLoading) setShown(shown + 1);
  };

  return (
    <div className="flex flex-col gap-3">
      {start > 1 && (
        <Link to={hrefOf(start - 1)} rel="prev" className="self-start text-sm font-medium text-primary underline-offset-4 hover:underline">
          Previous page
        </Link>
      )}
      {pages.map((number) => (
        <PageOfApps key={number} swrKey={keyOf(number)} pick={pick} skeleton={skeleton}>
          {children}
        </PageOfApps>
      ))}
      {page && (
        <div className="flex flex-wrap items-center justify-center gap-x-4 gap-y-2 pt-1">
          <p role="status" className="text-sm text-muted-foreground">
            Showing {formatInteger((start - 1) * page.pageSize + 1)}–{formatInteger((page.page - 1) * page.pageSize + page.items.length)} of{' '}
            {formatInteger(page.filtered)}
          </p>
          {more && (
            <Button asChild variant="outline">
              <Link to={hrefOf(page.page + 1)} rel="next" aria-disabled={last.isLoading || undefined} onClick={loadMore}>
                Load more
              </Link>
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

function PageOfApps<T>({
  swrKey,
  pick,
  skeleton,
  children,
}: {
  swrKey: string;
  pick: (data: T) => AppPage;
  skeleton: ReactNode;
  children: (apps: AppSummary[]) => ReactNode;
}) {
  const { data, error, mutate } = useSWR<T, ApiError>(swrKey);
  if (error && !data) return <LoadError message="Could not load apps. Please try again." onRetry={() => void mutate()} />;
  if (!data) return skeleton;
  return children(pick(data).items);
}
