import { useEffect } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { PageMeta } from '../../components/page-meta';
import { Button } from '../../components/ui/button';
import { paths } from '../paths';

export function NotFoundRoute() {
  const { pathname } = useLocation();

  // The spec asks for missing paths to be logged, which surfaces broken inbound links.
  useEffect(() => {
    console.warn('404: no route matches', pathname);
  }, [pathname]);

  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-6 px-4 py-24 text-center">
      <PageMeta
        title="Page not found | Unsheet"
        description="The page you are looking for does not exist. Browse AI tools that replace spreadsheets on Unsheet."
        path={pathname}
      />
      <meta name="robots" content="noindex" />
      <p className="text-6xl font-bold text-primary">404</p>
      <h1 className="text-2xl font-semibold">Oops! Page not found</h1>
      <Button asChild>
        <Link to={paths.home}>Return to Home</Link>
      </Button>
    </div>
  );
}
