import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { PageMeta, siteOrigin } from '../../components/page-meta';
import { WhenVisible } from '../../components/when-visible';
import { Button } from '../../components/ui/button';
import { trackInteraction } from '../../lib/analytics/track';
import { useAllApps } from '../../features/catalogue/api/get-all-apps';
import { useCategories } from '../../features/catalogue/api/get-categories';
import { useTopApps } from '../../features/catalogue/api/get-top-apps';
import { HOME_TOP_APPS } from '../../../../contracts/catalogue/keys';
import { AllApps } from '../../features/catalogue/components/all-apps';
import { AppCard } from '../../features/catalogue/components/app-card';
import { AppGrid, AppGridSkeleton } from '../../features/catalogue/components/app-grid';
import { AppSearch } from '../../features/catalogue/components/app-search';
import { CategoryList } from '../../features/catalogue/components/category-list';
import { LoadError } from '../../features/catalogue/components/load-error';
import { ReadyToTry } from '../../features/catalogue/components/ready-to-try';
import { homeMeta } from '../../features/catalogue/seo';
import { useEarlyAccessWording } from '../../lib/early-access-wording';
import { useModals } from '../../lib/modals';

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
  const openModal = useModals((state) => state.openModal);
  const wording = useEarlyAccessWording();
  // The three reads start together on mount (SWR), and each section shows its part as soon as it arrives.
  const top = useTopApps(HOME_TOP_APPS);
  const categories = useCategories();
  const all = useAllApps();

  // Arriving from another page should start at the hero, but not when a link targets an anchor (/#categories).
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [hash]);

  return (
    <>
      <PageMeta {...homeMeta(siteOrigin())} />

      <section className="bg-linear-to-b from-primary/10 to-background">
        <div className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 pt-16 pb-10 text-center sm:pt-24">
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">Replace your spreadsheets with small AI tools</h1>
          <p className="text-lg text-pretty text-muted-foreground">
            Focused tools for the jobs your small business still does by hand in a spreadsheet.
          </p>
          <Button type="button" size="lg" variant="secondary" onClick={() => openModal('lead')}>
            {wording.hero}
          </Button>
        </div>
        <div className="mx-auto max-w-6xl px-4 pb-8">
          <AppSearch />
        </div>
      </section>

      <Suspense fallback={null}>
        <ReadyToTry apps={all.data} onOpen={(app) => trackInteraction(app.id, 'open_app', { from: 'ready_to_try' })} />
      </Suspense>

      <HomeSection id="popular" title="Most Popular">
        {top.error && !top.data ? (
          <LoadError message="Could not load apps. Please try again." onRetry={() => void top.mutate()} />
        ) : !top.data ? (
          <AppGridSkeleton />
        ) : top.data.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground">No apps in this category yet</p>
        ) : (
          <AppGrid>
            {top.data.map((app) => (
              <li key={app.id}>
                <AppCard app={app} />
              </li>
            ))}
          </AppGrid>
        )}
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

      <HomeSection id="all-apps" title="All Applications">
        <AllApps
          apps={all.data}
          categories={categories.data}
          error={all.data ? undefined : all.error}
          onRetry={() => {
            void all.mutate();
            void categories.mutate();
          }}
        />
      </HomeSection>

      <HomeSection id="categories" title="Categories">
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

      <section aria-label="Referrals" className="mx-auto grid max-w-6xl scroll-mt-20 gap-12 px-4 py-12 lg:grid-cols-2">
        <div id="share" className="flex flex-col">
          <h2 className="mb-6 text-2xl font-semibold tracking-tight">Share &amp; earn</h2>
          <WhenVisible minHeight="10rem" label="Loading the share-link generator">
            <ShareLinkGenerator />
          </WhenVisible>
        </div>
        <div id="leaderboard" className="flex flex-col">
          <h2 className="mb-6 text-2xl font-semibold tracking-tight">Top inviters</h2>
          <WhenVisible minHeight="12rem" label="Loading the leaderboard">
            <Leaderboard />
          </WhenVisible>
        </div>
      </section>

      <section aria-labelledby="idea-title" className="mx-auto max-w-6xl px-4 pt-4 pb-16">
        <div className="flex flex-col items-center gap-4 rounded-2xl border bg-card px-6 py-10 text-center shadow-sm">
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

function HomeSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12">
      <h2 id={`${id}-title`} className="mb-6 text-2xl font-semibold tracking-tight">
        {title}
      </h2>
      {/* Its own boundary: a server-rendered page hydrates section by section, yielding to the browser
          between them rather than in one long task. */}
      <Suspense fallback={null}>{children}</Suspense>
    </section>
  );
}
