import { useId } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { NativeSelect } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { viewCount } from '../display-rules';
import type { AppPage, AppSummary, Category } from '../../../../../contracts/catalogue/app';
import { appsPageKey, homeGridOf, homeGridSearch, type AppListParams } from '../../../../../contracts/catalogue/keys';
import { LoadMorePages } from './load-more-pages';

type Grid = NonNullable<ReturnType<typeof homeGridOf>>;
const GRID_PARAMS = ['category', 'sort', 'page'];

/**
 * Home's 'All Applications': the whole directory, a page at a time (the server renders the page the address
 * asks for; 'Load more' appends the next), filtered by a category dropdown, by name unless 'Most Popular' is
 * pressed. The filter lives in the address (`?category=finance&sort=popular`), so the server renders it too.
 * The rows are denser than cards: this is the directory, not a showcase.
 */
export function AllApps({ categories }: { categories: Category[] | undefined }) {
  const selectId = useId();
  const [search, setSearch] = useSearchParams();
  const grid: Grid = homeGridOf(search) ?? { page: 1, sort: 'name' };

  /** Shows the grid's first page for `next`, keeping the address's other parameters (utm_source…). */
  function show(next: AppListParams) {
    const params = new URLSearchParams(search);
    for (const name of GRID_PARAMS) params.delete(name);
    for (const [name, value] of new URLSearchParams(homeGridSearch(next))) params.set(name, value);
    setSearch(params, { replace: true, preventScrollReset: true });
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-row flex-wrap items-end gap-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:max-w-72">
          <label htmlFor={selectId} className="text-sm font-medium">
            Category
          </label>
          <NativeSelect
            id={selectId}
            value={grid.category ?? ''}
            onChange={(event) => show({ sort: grid.sort, category: event.target.value || undefined })}
          >
            <option value="">All Categories</option>
            {categories?.map((category) => (
              <option key={category.slug} value={category.slug}>
                {category.name} ({category.count})
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button
          type="button"
          variant={grid.sort === 'popular' ? 'default' : 'outline'}
          aria-pressed={grid.sort === 'popular'}
          className="h-10"
          onClick={() => show({ category: grid.category, sort: grid.sort === 'popular' ? 'name' : 'popular' })}
        >
          Most Popular
        </Button>
      </div>

      <LoadMorePages<AppPage>
        // Another filter or page starts again from that page alone.
        key={appsPageKey(grid)}
        start={grid.page}
        keyOf={(page) => appsPageKey({ ...grid, page })}
        pick={(data) => data}
        hrefOf={(page) => ({ search: homeGridSearch({ ...grid, page }), hash: '#all-apps' })}
        skeleton={<AppRowsSkeleton />}
        empty={<p className="rounded-xl border border-dashed py-10 text-center text-muted-foreground">No apps in this category yet</p>}
      >
        {(apps) => (
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 lg:grid-cols-3">
            {apps.map((app) => (
              <li key={app.id}>
                <AppRow app={app} />
              </li>
            ))}
          </ul>
        )}
      </LoadMorePages>
    </div>
  );
}

/** Two lines an app: its name and views, then its category and what it does. */
function AppRow({ app }: { app: AppSummary }) {
  return (
    <div
      data-testid="app-row"
      className="relative flex h-full flex-col gap-0.5 rounded-lg border bg-card px-4 py-2 transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md"
    >
      <div className="flex items-baseline justify-between gap-3">
        <h3 className="min-w-0 truncate font-semibold">
          {/* The overlay makes the whole row clickable while screen readers hear just the app name. */}
          <Link to={paths.app(app.slug)} className="outline-none after:absolute after:inset-0 after:rounded-lg">
            {app.name}
          </Link>
        </h3>
        <span className="shrink-0 text-xs text-muted-foreground" data-testid="app-row-views">
          {viewCount(app.views)}
        </span>
      </div>
      <p className="flex min-w-0 items-center gap-2 text-sm text-muted-foreground">
        <Badge variant="secondary" className="shrink-0">
          {app.category}
        </Badge>
        <span className="truncate">{app.description}</span>
      </p>
    </div>
  );
}

function AppRowsSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-3 md:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} className="h-16 rounded-lg" />
      ))}
    </div>
  );
}
