import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { PageMeta } from '../../components/page-meta';
import { notFoundMeta } from '../../features/catalogue/seo';
import { Button } from '../../components/ui/button';
import { apiPost } from '../../lib/api-client';
import { paths } from '../../lib/paths';

export function NotFoundRoute() {
  const { pathname, key } = useLocation();

  // Missing paths are recorded as events, which surfaces broken links. The server records the 404s it
  // answers; after an in-app navigation (any location but the first, whose key is 'default') the SPA does.
  useEffect(() => {
    console.warn('404: no route matches', pathname);
    if (key !== 'default') void apiPost('/site/not-found', { path: pathname }).catch(() => undefined);
  }, [pathname, key]);

  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-6 px-4 py-24 text-center">
      <PageMeta {...notFoundMeta('page', pathname)} />
      <meta name="robots" content="noindex" />
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <Button asChild>
        <Link to={paths.home}>Return to Home</Link>
      </Button>
    </div>
  );
}
