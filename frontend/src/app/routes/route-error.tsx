import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button } from '../../components/ui/button';
import { paths } from '../../lib/paths';

/**
 * Replaces the whole layout when a route throws (a render error, or a lazy chunk that failed to load after
 * a deploy). "Go to Home" is a full page load on purpose: it fetches fresh chunks and drops broken state.
 */
export function RouteError() {
  const error = useRouteError();

  useEffect(() => {
    console.error('Route error', error);
  }, [error]);

  return (
    <main className="mx-auto flex min-h-dvh max-w-lg flex-col items-center justify-center gap-6 px-4 py-16 text-center">
      <title>Unexpected Application Error! | Unsheet</title>
      <h1 className="text-2xl font-semibold">Unexpected Application Error!</h1>
      <p className="max-w-full rounded-md bg-muted px-4 py-3 font-mono text-sm break-words text-muted-foreground">{describe(error)}</p>
      <Button asChild>
        <a href={paths.home}>Go to Home</a>
      </Button>
    </main>
  );
}

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  return String(error);
}
