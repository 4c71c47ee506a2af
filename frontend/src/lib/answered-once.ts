import { useEffect } from 'react';
import type { Middleware } from 'swr';

/**
 * SWR middleware for reads whose answers arrived a moment ago by another way (the server's HTML, one read
 * that answers a whole screen): a hook mounting with one of `keys` does not ask for it again, since refetching
 * would cost a request each and, once answered, a synchronous re-render of the screen (SWR's store updates are
 * synchronous) while it loads. A key is answered once: a hook mounted later (the screen opened again, a tab
 * opened) revalidates as usual. The caller adds keys to the set as their answers arrive.
 */
export function answeredOnce(keys: Set<string>): Middleware {
  return (useSWRNext) => (key, fetcher, config) => {
    const answered = typeof key === 'string' && keys.has(key);
    useEffect(() => {
      if (answered) keys.delete(key);
    }, [answered, key]);
    return useSWRNext(key, fetcher, answered ? { ...config, revalidateOnMount: false } : config);
  };
}
