import { Link, useParams, useSearchParams } from 'react-router-dom';
import { PageMeta, siteOrigin } from '../../components/page-meta';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useCategory } from '../../features/catalogue/api/get-category';
import type { CategoryWithApps } from '../../../../contracts/catalogue/app';
import { categoryKey, pageNumberOf } from '../../../../contracts/catalogue/keys';
import { AppCard } from '../../features/catalogue/components/app-card';
import { AppGrid, AppGridSkeleton } from '../../features/catalogue/components/app-grid';
import { Breadcrumbs } from '../../features/catalogue/components/breadcrumbs';
import { EarlyExplorerBox } from '../../features/catalogue/components/early-explorer-box';
import { EmptyState } from '../../features/catalogue/components/empty-state';
import { LoadMorePages } from '../../features/catalogue/components/load-more-pages';
import { LoadError } from '../../features/catalogue/components/load-error';
import { toolCount } from '../../features/catalogue/display-rules';
import { categoryMeta, NOT_FOUND_PAGES, notFoundMeta } from '../../features/catalogue/seo';
import { ApiError } from '../../lib/api-client';
import { useModals } from '../../lib/modals';
import { paths } from '../../lib/paths';

const CATEGORIES_ANCHOR = { pathname: paths.home, hash: '#categories' };

export function CategoryRoute() {
  const { categoryName: slug = '' } = useParams();
  const [search] = useSearchParams();
  const start = pageNumberOf(search) ?? 1;
  const { data, error, mutate } = useCategory(slug, start);
  const openModal = useModals((state) => state.openModal);

  // null: the server rendered this page knowing there is no such category (and answered it with 404).
  if (data === null || (error instanceof ApiError && error.status === 404)) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20">
        <PageMeta {...notFoundMeta('category', paths.category(slug))} />
        <EmptyState
          headingLevel="h1"
          title={NOT_FOUND_PAGES.category.heading}
          action={
            <Button asChild>
              <Link to={CATEGORIES_ANCHOR}>Browse all categories</Link>
            </Button>
          }
        >
          {NOT_FOUND_PAGES.category.description}
        </EmptyState>
      </div>
    );
  }

  // A failed refresh keeps what is shown (the server's first render, or a copy kept offline).
  if (error && !data) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-16">
        <LoadError message="Could not load this category. Please try again." onRetry={() => void mutate()} />
      </div>
    );
  }

  const category = data?.category;
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:py-10">
      {category && <PageMeta {...categoryMeta(category, siteOrigin(), start)} />}

      <div className="flex flex-col gap-4">
        <Breadcrumbs
          items={[{ label: 'Home', to: paths.home }, { label: 'Categories', to: CATEGORIES_ANCHOR }, { label: category?.name ?? '…' }]}
        />
        {category ? (
          <div className="flex flex-col gap-1">
            <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{category.name}</h1>
            <p data-testid="tool-count" className="text-muted-foreground">
              {toolCount(category.count)}
            </p>
          </div>
        ) : (
          <div className="flex flex-col gap-2" aria-hidden="true">
            <Skeleton className="h-10 w-64 max-w-full" />
            <Skeleton className="h-5 w-20" />
          </div>
        )}
      </div>

      <EarlyExplorerBox onClaim={() => openModal('lead')} />

      {!data ? (
        <AppGridSkeleton />
      ) : (
        <LoadMorePages<CategoryWithApps>
          key={`${slug}:${start}`}
          start={start}
          keyOf={(page) => categoryKey(slug, page)}
          pick={(page) => page.apps}
          hrefOf={(page) => (page === 1 ? paths.category(slug) : `${paths.category(slug)}?page=${page}`)}
          skeleton={<AppGridSkeleton />}
          empty={
            <EmptyState
              title="No tools yet"
              action={
                <Button type="button" variant="outline" onClick={() => openModal('suggestion', { category: data.category.name })}>
                  Suggest a tool for {data.category.name}
                </Button>
              }
            >
              Nothing in {data.category.name} yet. Tell us which spreadsheet you want gone and we may build it next.
            </EmptyState>
          }
        >
          {(apps) => (
            <AppGrid>
              {apps.map((app) => (
                <li key={app.id}>
                  <AppCard app={app} />
                </li>
              ))}
            </AppGrid>
          )}
        </LoadMorePages>
      )}
    </div>
  );
}
