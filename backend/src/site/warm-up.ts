/**
 * Before the API process takes its first request: one of each public page and read, answered in-process
 * (Fastify's inject, no socket), so that the first visitor after a start meets a warm server. The first
 * server render imports the SSR bundle and fills the page and catalogue caches, and the code on the way is
 * compiled: done for a visitor, that made the first page after `npm start` take several times as long as
 * any later one. Nothing is recorded: page views come from browsers, the requests read only, and the request
 * log leaves them out.
 */
import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { UNLOGGED_HEADER } from '../shared/logging/request-log.js';

/** Who the warm-up's requests say they are (kept out of anything that counts visitors). */
export const WARM_UP_AGENT = 'Unsheet-warm-up';

export async function warmUp(fastify: FastifyInstance, port: number, logger: Logger): Promise<void> {
  const started = performance.now();
  // The host a visitor of `npm start` names: without PUBLIC_BASE_URL, pages are kept per site address.
  const headers = {
    host: `localhost:${port}`,
    'user-agent': WARM_UP_AGENT,
    accept: 'text/html',
    [UNLOGGED_HEADER.name]: UNLOGGED_HEADER.value,
  };
  const get = (url: string) => fastify.inject({ method: 'GET', url, headers });
  try {
    const [apps, categories] = await Promise.all([get('/api/apps'), get('/api/categories'), get('/')]);
    const app = (apps.json() as { items?: { slug: string }[] }).items?.[0];
    const category = (categories.json() as { slug: string }[])[0];
    await Promise.all([app && get(`/app/${app.slug}`), category && get(`/c/${category.slug}`), get('/api/early-access/status')]);
    logger.debug({ ms: Math.round(performance.now() - started) }, 'warmed up');
  } catch (error) {
    // A cold first page is slower, not wrong: the process starts all the same.
    logger.warn({ err: error }, 'warm-up failed');
  }
}
