import { Suspense, useEffect, useState, type MouseEvent } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { Toaster } from 'sonner';
import { ClientOnly } from '../../components/client-only';
import { FloatingIdeaButton } from '../../components/layout/floating-idea-button';
import { Footer } from '../../components/layout/footer';
import { Header } from '../../components/layout/header';
import { isLoggedIn, readAuth, useAuth } from '../../features/auth/session-store';
import { usePageTracking } from '../../lib/analytics/track';
import { useCategories } from '../../features/catalogue/api/get-categories';
import { NewsletterForm } from '../../features/early-access/components/newsletter-form';
import { PwaHost } from '../../features/pwa/components/pwa-host';
import { install, selectInstallMethod, usePwaStore } from '../../features/pwa/pwa-store';
import { ModalsHost } from '../modals-host';
import { OfflineRoute, startedAsOfflineFallback } from '../offline-fallback';
import { useHashScroll } from '../use-hash-scroll';

/** The header's 56 px and a gap. */
const TOASTS_TOP = 72;

/**
 * The public pages' frame. Pages are lazy chunks, so a Suspense boundary must be above them; it is above the
 * header too, not around <main> alone, because React hydrates a boundary's content in a later pass than what
 * is outside it. The header and the page read the same SWR data (the categories, the early-access status);
 * read in two passes, the second would find SWR's store already touched by the first, and React would then
 * re-render that page synchronously, hydrating all of it in one long task. In one pass, every reader hydrates
 * with the server's data at once. Navigations are transitions, so the page on screen stays (header and all)
 * while the next one's chunk loads.
 */
export function RootLayout() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Frame />
    </Suspense>
  );
}

function Frame() {
  const { data: categories } = useCategories();
  const signedIn = isLoggedIn(useAuth());
  useSessionCheck();
  const installable = usePwaStore((state) => selectInstallMethod(state) !== null);
  const showsOfflineFallback = useShowsOfflineFallback();
  useHashScroll();
  usePageTracking();

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        onClick={skipToMain}
        className="sr-only rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground outline-none focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
      >
        Skip to content
      </a>
      <Header categories={categories} signedIn={signedIn} onSignOut={signOut} onInstall={installable ? () => void install() : undefined} />
      {/* tabIndex -1 lets the skip link move focus here without making <main> a tab stop. At least a screen
          tall, so the footer starts below the fold and a page rendering into <main> never pushes it into view. */}
      <main id="main" tabIndex={-1} className="min-h-dvh flex-1 scroll-mt-14 outline-none">
        {showsOfflineFallback ? <OfflineRoute /> : <Outlet />}
        <MarkHydrated />
      </main>
      <Footer newsletter={<NewsletterForm />} />
      <FloatingIdeaButton placement="margin" />
      <ClientOnly>
        {/* Below the sticky header (h-14), so a toast never covers the menu button or Sign In: on a phone the
            "Welcome back!" toast sat over "Open menu" for its four seconds. */}
        <Toaster richColors position="top-center" offset={{ top: TOASTS_TOP }} mobileOffset={{ top: TOASTS_TOP }} />
        <ScrollRestoration />
        <ModalsHost />
        <PwaHost />
      </ClientOnly>
    </div>
  );
}

// The auth client (session refresh, sign-out) is fetched only when someone signs out, or to check a session.
function signOut() {
  void import('../../features/auth/auth-client').then((auth) => auth.signOut());
}

const SESSION_CHECKED = 'unsheet.session-checked';

/**
 * A session remembered from an earlier visit may have ended meanwhile (signed out elsewhere, expired, a
 * reused token): once per browser session, a visitor who appears signed in has it checked with a refresh,
 * which signs the header out if the server no longer knows the session.
 */
function useSessionCheck() {
  useEffect(() => {
    try {
      if (!isLoggedIn(readAuth()) || sessionStorage.getItem(SESSION_CHECKED)) return;
      sessionStorage.setItem(SESSION_CHECKED, '1');
    } catch {
      return; // storage disabled: nothing was remembered either
    }
    void import('../../features/auth/auth-client').then((auth) => auth.ensureSession());
  }, []);
}

/** The offline page stands in for the first page when the service worker answered with it (app/offline-fallback.ts). */
function useShowsOfflineFallback(): boolean {
  const location = useLocation();
  const [firstKey] = useState(location.key);
  return startedAsOfflineFallback && location.key === firstKey;
}

/**
 * Sets <html data-hydrated> once the page (server-rendered, then hydrated) responds to input, so browser
 * tests act as soon as a person could, not on markup whose handlers are not attached yet.
 */
export function MarkHydrated() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return null;
}

// Focus <main> directly: letting the browser follow "#main" would be a router navigation to a hash.
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.focus({ preventScroll: true });
  main.scrollIntoView({ block: 'start' });
}

function PageLoading() {
  return (
    // The delay keeps fast loads from flashing a spinner.
    <div
      role="status"
      className="flex min-h-[50vh] items-center justify-center opacity-100 transition-opacity delay-300 duration-300 starting:opacity-0"
    >
      <span className="size-8 animate-spin rounded-full border-4 border-muted border-t-primary motion-reduce:animate-none" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
