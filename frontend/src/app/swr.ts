import { useEffect } from 'react';
import type { Middleware, SWRConfiguration } from 'swr';
import { apiGet } from '../lib/api-client';

/**
 * SWR settings shared by the browser and server rendering, for a page whose server wrote `initialData` in
 * (the API responses its first render needs, keyed by the same paths as the SWR keys): SWR starts from them.
 */
export function swrConfig(initialData: Record<string, unknown>): SWRConfiguration {
  return {
    // SWR keys are API paths under /api, so one fetcher serves every read hook.
    fetcher: (path: string) => apiGet<unknown>(path),
    // Catalogue data changes rarely; refetching on every tab switch would only add load and view flicker.
    revalidateOnFocus: false,
    fallback: initialData,
    use: [answeredByServer(new Set(Object.keys(initialData)))],
  };
}

/**
 * The hooks that render the server's answers on the page's first view do not ask for them again on mount:
 * the server read them a moment ago, and refetching them cost a request each and, once answered, a
 * synchronous re-render of the lists (SWR's store updates are synchronous), during the page's load. Both
 * sides render with the same setting, so the server's markup and the hydrated page agree (no 'loading'
 * state in either). A key is answered once: a hook mounted after the first view (the page opened again
 * within the app, the mobile menu) revalidates as usual.
 */
function answeredByServer(keys: Set<string>): Middleware {
  return (useSWRNext) => (key, fetcher, config) => {
    const fromServer = typeof key === 'string' && keys.has(key);
    useEffect(() => {
      if (fromServer) keys.delete(key);
    }, [fromServer, key]);
    return useSWRNext(key, fetcher, fromServer ? { ...config, revalidateOnMount: false } : config);
  };
}
