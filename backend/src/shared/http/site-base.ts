import type { FastifyRequest as Request } from 'fastify';
import type { Config } from '../config/config.js';

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The site's absolute origin, for canonical links, og:url, JSON-LD, robots.txt, the sitemap and the Google Ads
 * Editor file's final URLs: PUBLIC_BASE_URL, which production requires. Without it (development, tests) the request's host is used only
 * when it names this server's own port on localhost, 127.0.0.1 or [::1]; any other Host header gets
 * http://localhost:<port>, so that no header can put another site's address into a page or a shared cache.
 */
export function siteBase(config: Pick<Config, 'PUBLIC_BASE_URL' | 'PORT'>, request: Request): string {
  if (config.PUBLIC_BASE_URL) return config.PUBLIC_BASE_URL.replace(/\/$/, '');
  // A request the process makes to itself (site/warm-up.ts, through Fastify's inject) has no socket port.
  const port = request.socket.localPort ?? config.PORT;
  const host = request.host.toLowerCase();
  const local = LOCAL_HOSTS.some((name) => host === `${name}:${port}` || (port === 80 && host === name));
  return local ? `${request.protocol}://${host}` : `http://localhost:${port}`;
}

/** An http(s) origin on this machine (localhost, 127.0.0.1 or [::1], any port), exactly as `URL.origin` writes it. */
export function isLoopbackOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && LOCAL_HOSTS.includes(url.hostname) && url.origin === value;
  } catch {
    return false;
  }
}

/**
 * Where the links of the e-mails a request causes should point, recorded with its events (`metadata.linkBase`)
 * only in development (`npm run dev`: LINKS_FOLLOW_VISITOR, no PUBLIC_BASE_URL): the address the visitor used,
 * the page's `Origin` when it is on this machine, any port (the Vite dev server on :5173 proxies the API), else
 * siteBase's rule for the Host header. Otherwise null: e-mails link to PUBLIC_BASE_URL, or to `npm start`'s
 * http://localhost:PORT, whatever a request says (e-mails carry links for other people too, such as a share
 * link). No header can make an e-mail link to another machine.
 */
export function visitorLinkBase(
  config: Pick<Config, 'PUBLIC_BASE_URL' | 'PORT' | 'LINKS_FOLLOW_VISITOR'>,
  request: Request,
): string | null {
  if (!followsVisitor(config)) return null;
  const origin = request.headers.origin;
  return origin && isLoopbackOrigin(origin) ? origin : siteBase(config, request);
}

/** Whether e-mail links may follow the visitor's address: development only (visitorLinkBase). */
export function followsVisitor(config: Pick<Config, 'PUBLIC_BASE_URL' | 'LINKS_FOLLOW_VISITOR'>): boolean {
  return config.LINKS_FOLLOW_VISITOR && !config.PUBLIC_BASE_URL;
}

/** The event metadata that carries a request's link base (nothing when there is none). */
export function linkMetadata(linkBase: string | null): { linkBase?: string } {
  return linkBase === null ? {} : { linkBase };
}
