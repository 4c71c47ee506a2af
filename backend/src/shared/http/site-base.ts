import type { FastifyRequest as Request } from 'fastify';
import type { Config } from '../config/config.js';

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The site's absolute origin, for canonical links, og:url, JSON-LD, robots.txt, the sitemap and the Google Ads
 * Editor file's final URLs: PUBLIC_BASE_URL, which production requires. Without it (development, tests) the request's host is used only
 * when it names this server's own port on localhost, 127.0.0.1 or [::1]; any other Host header gets
 * http://localhost:<port>, so that no header can put another site's address into a page or a shared cache.
 */
export function siteBase(config: Pick<Config, 'PUBLIC_BASE_URL'>, request: Request): string {
  if (config.PUBLIC_BASE_URL) return config.PUBLIC_BASE_URL.replace(/\/$/, '');
  const port = request.socket.localPort;
  const host = request.host.toLowerCase();
  const local = LOCAL_HOSTS.some((name) => host === `${name}:${port}` || (port === 80 && host === name));
  return local ? `${request.protocol}://${host}` : `http://localhost:${port}`;
}
