import { Link } from 'react-router-dom';
import { PageMeta } from '../../components/page-meta';
import { Button } from '../../components/ui/button';
import { paths } from '../../lib/paths';

export function OfflineRoute() {
  return (
    // data-offline-page: how the browser recognises this page when the service worker answers it for another URL
    // (app/offline-fallback.ts).
    <div data-offline-page className="mx-auto flex max-w-md flex-col items-center gap-6 px-4 py-24 text-center">
      <PageMeta
        title="Offline | Unsheet"
        description="You are offline. Check your connection and try again to keep browsing AI tools that replace spreadsheets."
        path={paths.offline}
      />
      <meta name="robots" content="noindex" />
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-16 text-muted-foreground"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M2 2l20 20" />
        <path d="M8.5 16.5a5 5 0 0 1 7 0M5 12.9a10 10 0 0 1 5.2-2.8M19 12.9a10 10 0 0 0-2.3-1.7M2 8.8a15 15 0 0 1 4.2-2.6M22 8.8A15 15 0 0 0 10.7 5" />
        <path d="M12 20h.01" />
      </svg>
      <h1 className="text-2xl font-semibold">You are offline</h1>
      <p className="text-muted-foreground">
        Unsheet can't reach the internet right now. Check your connection, then try again. Pages you have already opened may still work.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="button" onClick={() => window.location.reload()}>
          Try Again
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.home}>Go to Home</Link>
        </Button>
      </div>
    </div>
  );
}
