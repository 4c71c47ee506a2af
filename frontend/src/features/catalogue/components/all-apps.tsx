import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { NativeSelect } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { toolCount, viewCount } from '../display-rules';
import type { AppSummary, Category } from '../../../../../contracts/catalogue/app';
import { LoadError } from './load-error';

type Order = 'name' | 'popular';

type AllAppsProps = {
  /** Every active app, by name (GET /api/apps). */
  apps: AppSummary[] | undefined;
  categories: Category[] | undefined;
  error: unknown;
  onRetry: () => void;
};

/**
 * Home's 'All Applications' list: filtered by a category dropdown, by name unless 'Most Popular' is pressed.
 * Both work on the list already loaded, so switching is instant and costs no request. The rows are denser
 * than the cards above them: this is the whole directory, not a showcase.
 */
export function AllApps({ apps, categories, error, onRetry }: AllAppsProps) {
  const selectId = useId();
  const [categorySlug, setCategorySlug] = useState('');
  const [order, setOrder] = useState<Order>('name');

  const inCategory = apps?.filter((app) => !categorySlug || app.category_slug === categorySlug) ?? [];
  // Same order as the server's popularity list: views, then name (the incoming order) for ties.
  const visible = order === 'popular' ? inCategory.toSorted((a, b) => b.views - a.views) : inCategory;
  const categoryName = categories?.find((category) => category.slug === categorySlug)?.name;

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-col gap-1.5 sm:w-72">
          <label htmlFor={selectId} className="text-sm font-medium">
            Category
          </label>
          <NativeSelect id={selectId} value={categorySlug} onChange={(event) => setCategorySlug(event.target.value)}>
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
          variant={order === 'popular' ? 'default' : 'outline'}
          aria-pressed={order === 'popular'}
          className="h-10"
          onClick={() => setOrder(order === 'popular' ? 'name' : 'popular')}
        >
          Most Popular
        </Button>
      </div>

      {error ? (
        <LoadError message="Could not load apps. Please try again." onRetry={onRetry} />
      ) : !apps ? (
        <AppRowsSkeleton />
      ) : (
        <>
          <p role="status" className="text-sm text-muted-foreground">
            {toolCount(visible.length)}
            {categoryName ? ` in ${categoryName}` : ''}, {order === 'popular' ? 'most popular first' : 'by name'}
          </p>
          {visible.length === 0 ? (
            <p className="rounded-xl border border-dashed py-10 text-center text-muted-foreground">No apps in this category yet</p>
          ) : (
            <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
              {visible.map((app) => (
                <li key={app.id}>
                  <AppRow app={app} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

function AppRow({ app }: { app: AppSummary }) {
  return (
    <div
      data-testid="app-row"
      className="relative flex h-full flex-col gap-1.5 rounded-lg border bg-card px-4 py-3 transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <h3 className="font-semibold">
          {/* The overlay makes the whole row clickable while screen readers hear just the app name. */}
          <Link to={paths.app(app.slug)} className="outline-none after:absolute after:inset-0 after:rounded-lg">
            {app.name}
          </Link>
        </h3>
        <Badge variant="secondary">{app.category}</Badge>
      </div>
      <p className="line-clamp-2 text-sm text-muted-foreground">{app.description}</p>
      <p className="text-xs text-muted-foreground" data-testid="app-row-views">
        {viewCount(app.views)}
      </p>
    </div>
  );
}

function AppRowsSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-3 md:grid-cols-2" aria-hidden="true">
      {Array.from({ length: 6 }, (_, index) => (
        <Skeleton key={index} className="h-24 rounded-lg" />
      ))}
    </div>
  );
}
