import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { PageMeta, siteOrigin } from '../../components/page-meta';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { landingViewedApp } from '../../lib/analytics/landing';
import { trackInteraction } from '../../lib/analytics/track';
import { useApp } from '../../features/catalogue/api/get-app';
import { recordAppView } from '../../features/catalogue/api/record-app-view';
import { AppSections } from '../../features/catalogue/components/app-sections';
import { VipSignupOnDemand } from '../../features/early-access/components/vip-signup-on-demand';
import { DevelopmentStatusBox, TryNowBox, VipListBox } from '../../features/catalogue/components/app-side-boxes';
import { Breadcrumbs } from '../../features/catalogue/components/breadcrumbs';
import { EmptyState } from '../../features/catalogue/components/empty-state';
import { GuaranteeBox } from '../../features/catalogue/components/guarantee-box';
import { JoinCallToAction } from '../../features/catalogue/components/join-call-to-action';
import { LoadError } from '../../features/catalogue/components/load-error';
import { StatusBadge } from '../../features/catalogue/components/status-badge';
import { viewCount } from '../../features/catalogue/display-rules';
import { appMeta, NOT_FOUND_PAGES, notFoundMeta } from '../../features/catalogue/seo';
import { ApiError } from '../../lib/api-client';
import { useModals } from '../../lib/modals';
import { paths } from '../../lib/paths';

export function AppDetailRoute() {
  const { slug = '' } = useParams();
  const { data: app, error, mutate } = useApp(slug);
  const openModal = useModals((state) => state.openModal);

  useRecordView(app?.id, slug);

  // null: the server rendered this page knowing there is no such app (and answered it with 404).
  if (app === null || (error instanceof ApiError && error.status === 404)) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20">
        <PageMeta {...notFoundMeta('app', paths.app(slug))} />
        <EmptyState
          headingLevel="h1"
          title={NOT_FOUND_PAGES.app.heading}
          action={
            <Button asChild>
              <Link to={{ pathname: paths.home, hash: '#all-apps' }}>Browse all apps</Link>
            </Button>
          }
        >
          {NOT_FOUND_PAGES.app.description}
        </EmptyState>
      </div>
    );
  }

  // A failed refresh keeps what is shown (the server's first render, or a copy kept offline).
  if (error && !app) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-16">
        <LoadError message="Could not load this app. Please try again." onRetry={() => void mutate()} />
      </div>
    );
  }

  if (!app) return <AppDetailSkeleton />;

  // Both invitations open the lead dialog; the analytics tell which one the visitor answered.
  const joinFrom = (cta: string) => () => {
    trackInteraction(app.id, 'cta_click', { cta });
    openModal('lead');
  };
  const openedFrom = (from: string) => () => trackInteraction(app.id, 'open_app', { from });

  return (
    <article className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:py-10">
      <PageMeta {...appMeta(app, siteOrigin())} />

      <header className="flex flex-col gap-4">
        <Breadcrumbs
          items={[{ label: 'Home', to: paths.home }, { label: app.category, to: paths.category(app.category_slug) }, { label: app.name }]}
        />
        <div className="flex flex-wrap items-center gap-2">
          <Badge asChild variant="secondary" className="hover:bg-accent/70">
            <Link to={paths.category(app.category_slug)}>{app.category}</Link>
          </Badge>
          <StatusBadge app={app} onOpen={openedFrom('status_badge')} />
        </div>
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{app.name}</h1>
        <p className="max-w-3xl text-lg text-pretty text-muted-foreground">{app.description}</p>
        <p data-testid="view-count" className="text-sm text-muted-foreground">
          {viewCount(app.views)}
        </p>
      </header>

      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        {/* First in the source, so phones see how to try or join before the long read; beside it on desktop,
            where it stays in view under the sticky header (h-14) while the long read scrolls by. On a screen
            too short for all of it, it scrolls on its own rather than hide its foot until the row ends. */}
        <aside
          aria-label="Access and status"
          className="flex flex-col gap-4 lg:sticky lg:top-20 lg:col-start-2 lg:row-start-1 lg:max-h-[calc(100dvh-6rem)] lg:self-start lg:overflow-y-auto"
        >
          <TryNowBox app={app} onOpen={openedFrom('try_now')} />
          <VipListBox app={app}>
            <VipSignupOnDemand onOpen={() => trackInteraction(app.id, 'cta_click', { cta: 'vip_list' })} />
          </VipListBox>
          <DevelopmentStatusBox app={app} />
        </aside>
        <div className="flex min-w-0 flex-col gap-8 lg:col-start-1 lg:row-start-1">
          <AppSections app={app} />
          <GuaranteeBox appName={app.name} />
        </div>
      </div>

      <JoinCallToAction onJoin={joinFrom('join_cta')} />
    </article>
  );
}

/**
 * One view per page view of an app's page, for the app's view count and the visitor analytics. The ref makes
 * React StrictMode's double effect (and SWR revalidations of the same app) count once, while moving to another
 * app's page counts that app. The page a visit landed on was counted by its inline part as it loaded.
 */
function useRecordView(appId: string | undefined, slug: string) {
  const recorded = useRef<string | null>(null);
  useEffect(() => {
    if (!appId || recorded.current === appId) return;
    recorded.current = appId;
    if (landingViewedApp(appId)) return;
    recordAppView(appId);
    trackInteraction(appId, 'view', { slug });
  }, [appId, slug]);
}

function AppDetailSkeleton() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-8 sm:py-10">
      <p role="status" className="sr-only">
        Loading app…
      </p>
      <div className="flex flex-col gap-4" aria-hidden="true">
        <Skeleton className="h-4 w-48" />
        <Skeleton className="h-6 w-24 rounded-full" />
        <Skeleton className="h-10 w-72 max-w-full" />
        <Skeleton className="h-5 w-full max-w-3xl" />
        <Skeleton className="h-5 w-2/3 max-w-xl" />
      </div>
      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]" aria-hidden="true">
        <div className="flex flex-col gap-4 lg:col-start-2 lg:row-start-1">
          <Skeleton className="h-40 rounded-xl" />
          <Skeleton className="h-56 rounded-xl" />
        </div>
        <div className="flex flex-col gap-3 lg:col-start-1 lg:row-start-1">
          <Skeleton className="h-8 w-48" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-3/4" />
        </div>
      </div>
    </div>
  );
}
