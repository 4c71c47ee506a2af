import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { formatInteger } from '../../../lib/utils';
import type { AppSummary } from '../../../../../contracts/catalogue/app';
import { StripList } from './ready-to-try';

/**
 * Home's 'Most Popular': the most viewed apps as a compact ranked strip of links to their pages; the full
 * cards are the All Applications grid's (its 'Most Popular' order shows the same ranking in full).
 */
export function PopularStrip({ apps }: { apps: AppSummary[] }) {
  return (
    <StripList ordered>
      {apps.map((app, index) => (
        <li key={app.id} className="shrink-0 snap-start">
          <Link
            data-testid="popular-app"
            to={paths.app(app.slug)}
            // relative: the sr-only text is absolutely positioned and would otherwise escape the scroller and widen the page.
            className="relative flex h-full items-baseline gap-2 rounded-full border bg-card px-3 py-1.5 text-sm shadow-sm outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="text-xs font-semibold text-muted-foreground">{index + 1}</span>
            <span className="max-w-48 truncate font-medium">{app.name}</span>
            <span className="text-xs text-muted-foreground">
              {formatInteger(app.views)}
              <span className="sr-only"> views</span>
            </span>
          </Link>
        </li>
      ))}
    </StripList>
  );
}
