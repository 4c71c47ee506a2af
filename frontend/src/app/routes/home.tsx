import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { PageMeta, siteOrigin } from '../../components/page-meta';
import { WhenVisible } from '../../components/when-visible';
import { Button } from '../../components/ui/button';
import { trackInteraction } from '../../lib/analytics/track';
import { useAppsPage } from '../../features/catalogue/api/get-apps-page';
import { useCategories } from '../../features/catalogue/api/get-categories';
import { useTopApps } from '../../features/catalogue/api/get-top-apps';
import { HOME_TOP_APPS, homeGridOf, homeGridSearch, READY_TO_TRY_SHOWN } from '../../../../contracts/catalogue/keys';
import { AllApps } from '../../features/catalogue/components/all-apps';
import { AppSearch } from '../../features/catalogue/components/app-search';
import { CategoryList } from '../../features/catalogue/components/category-list';
import { LoadError } from '../../features/catalogue/components/load-error';
import { PopularStrip } from '../../features/catalogue/components/popular-strip';
import { ReadyToTry } from '../../features/catalogue/components/ready-to-try';
import { Skeleton } from '../../components/ui/skeleton';
import { homeMeta } from '../../features/catalogue/seo';
import { useEarlyAccessWording } from '../../lib/early-access-wording';
import { useModals } from '../../lib/modals';
import { cn } from '../../lib/utils';

// Below the fold and interactive: each loads when it scrolls near, keeping the first load in budget.
const VipSignup = lazy(() => import('../../features/early-access/components/vip-signup').then((module) => ({ default: module.VipSignup })));
const Quiz = lazy(() => import('../../features/early-access/components/quiz').then((module) => ({ default: module.Quiz })));
const ShareLinkGenerator = lazy(() =>
  import('../../features/early-access/components/share-link-generator').then((module) => ({
    default: module.ShareLinkGenerator,
  })),
);
const Leaderboard = lazy(() =>
  import('../../features/early-access/components/leaderboard').then((module) => ({ default: module.Leaderboard })),
);

export function HomeRoute() {
  const { hash } = useLocation();
  const [search] = useSearchParams();
  const openModal = useModals((state) => state.openModal);
  const wording = useEarlyAccessWording();
  // The reads start together on mount (SWR), and each section shows its part as soon as it arrives. The
  // catalogue appears once in full (All Applications); the strips above it are short lists of links.
  const top = useTopApps(HOME_TOP_APPS);
  const categories = useCategories();
  const ready = useAppsPage({ ready: true, sort: 'popular', pageSize: READY_TO_TRY_SHOWN });

  // Arriving from another page should start at the hero, but not when a link targets an anchor (/#categories).
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [hash]);

  return (
    <>
      <PageMeta {...homeMeta(siteOrigin(), wording, homeGridSearch(homeGridOf(search) ?? {}))} />

      <section className="bg-linear-to-b from-primary/10 to-background">
        <div className="mx-auto flex max-w-3xl flex-col items-center gap-4 px-4 pt-8 pb-5 text-center sm:gap-5 sm:pt-20 sm:pb-8">
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-5xl">Replace your spreadsheets with small AI tools</h1>
          <p className="text-lg text-pretty text-muted-foreground">
            Focused tools for the jobs your small business still does by hand in a spreadsheet.
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button type="button" size="lg" variant="secondary" onClick={() => openModal('lead')}>
              {wording.hero}
            </Button>
            {/* The quiz sits further down; a plain anchor, so it works before the page's code has loaded. */}
            <Button asChild size="lg" variant="outline">
              <a href="#quiz">Find your tool in 4 questions</a>
            </Button>
          </div>
        </div>
        <div className="mx-auto max-w-6xl px-4 pb-5">
          <AppSearch />
        </div>
      </section>

      <Suspense fallback={null}>
        <ReadyToTry apps={ready.data?.items} onOpen={(app) => trackInteraction(app.id, 'open_app', { from: 'ready_to_try' })} />
      </Suspense>

      <HomeSection id="popular" title="Most Popular" compact>
        {top.error && !top.data ? (
          <LoadError message="Could not load apps. Please try again." onRetry={() => void top.mutate()} />
        ) : !top.data ? (
          <Skeleton className="h-9 w-full rounded-full" />
        ) : top.data.length === 0 ? (
          <p className="py-4 text-center text-muted-foreground">No apps in this category yet</p>
        ) : (
          <PopularStrip apps={top.data} />
        )}
      </HomeSection>

      <HomeSection id="all-apps" title="All Applications">
        <AllApps categories={categories.data} />
      </HomeSection>

      <HomeSection id="categories" title="Categories" compact>
        {categories.error && !categories.data ? (
          <LoadError message="Could not load categories. Please try again." onRetry={() => void categories.mutate()} />
        ) : (
          <CategoryList categories={categories.data} />
        )}
      </HomeSection>

      <HomeSection id="quiz" title="Which tool fits you?">
        <div className="max-w-2xl">
          <WhenVisible minHeight="14rem" label="Loading the quiz">
            <Quiz />
          </WhenVisible>
        </div>
      </HomeSection>

      <HomeSection id="vip-list" title="Join the VIP list">
        <div className="flex max-w-xl flex-col gap-4">
          <p className="text-pretty text-muted-foreground">
            Be first to hear when a new tool opens, and share your link to move up the list.
          </p>
          <WhenVisible minHeight="6rem" label="Loading the sign-up form">
            <VipSignup />
          </WhenVisible>
        </div>
      </HomeSection>

      <section aria-label="Referrals" className="mx-auto grid max-w-6xl scroll-mt-20 gap-8 px-4 py-8 lg:grid-cols-2 lg:gap-12">
        <div id="share" className="flex flex-col">
          <h2 className="mb-5 text-2xl font-semibold tracking-tight">Share &amp; earn</h2>
          <WhenVisible minHeight="10rem" label="Loading the share-link generator">
            <ShareLinkGenerator />
          </WhenVisible>
        </div>
        <div id="leaderboard" className="flex flex-col">
          <h2 className="mb-5 text-2xl font-semibold tracking-tight">Top inviters</h2>
          <WhenVisible minHeight="12rem" label="Loading the leaderboard">
            <Leaderboard />
          </WhenVisible>
        </div>
      </section>

      <section aria-labelledby="idea-title" className="mx-auto max-w-6xl px-4 pt-2 pb-12">
        <div className="flex flex-col items-center gap-3 rounded-2xl border bg-card px-6 py-6 text-center shadow-sm sm:py-10">
          <h2 id="idea-title" className="text-2xl font-semibold tracking-tight">
            Got an idea?
          </h2>
          <p className="max-w-xl text-pretty text-muted-foreground">
            Tell us which spreadsheet you would love to see replaced. The best ideas become the next tools we build.
          </p>
          <Button type="button" size="lg" onClick={() => openModal('suggestion')}>
            Share Your Idea
          </Button>
        </div>
      </section>
    </>
  );
}

/** A home section; `compact` for a strip (a line or two of links) rather than a block of content. */
function HomeSection({ id, title, compact = false, children }: { id: string; title: string; compact?: boolean; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn('mx-auto max-w-6xl scroll-mt-20 px-4', compact ? 'py-5' : 'py-8')}>
      <h2 id={`${id}-title`} className={cn('font-semibold tracking-tight', compact ? 'mb-2 text-xl' : 'mb-4 text-2xl')}>
        {title}
      </h2>
      {/* Its own boundary: a server-rendered page hydrates section by section, yielding to the browser
          between them rather than in one long task. */}
      <Suspense fallback={null}>{children}</Suspense>
    </section>
  );
}
