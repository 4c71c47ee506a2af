/**
 * Secure headers on every answer (helmet), with a Content Security Policy that allows no inline script but
 * the page's own loader: each response gets a fresh nonce (`cspNonce(response)`), which the server-rendered
 * page writes on that one script. The inline JSON block is data (`type="application/json"`), never run.
 * Styles may be inline: the page inlines its stylesheet and React and radix set `style` attributes.
 * The ads tag (GOOGLE_ADS_ID) and the conversion page (CONVERSION_PAGE_URL) widen the policy only when set.
 * CORS stays closed (no Access-Control-* header at all) unless CORS_ORIGINS names the sites allowed.
 */
import { randomBytes } from 'node:crypto';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config/config.js';
import { isApiPath, pathOf } from './api-path.js';

/** The hosts gtag.js loads from and reports to (Google's CSP guide for Google Ads conversion tracking). */
const ADS_SCRIPT_HOSTS = [
  'https://www.googletagmanager.com',
  'https://www.googleadservices.com',
  'https://googleads.g.doubleclick.net',
  'https://www.google.com',
];
const ADS_CONNECT_HOSTS = [
  'https://www.google.com',
  'https://googleads.g.doubleclick.net',
  'https://www.googleadservices.com',
  'https://www.googletagmanager.com',
];
const ADS_FRAME_HOSTS = ['https://td.doubleclick.net', 'https://www.googletagmanager.com'];

type Middleware = (request: IncomingMessage, response: ServerResponse, next: (error?: unknown) => void) => void;
const NONCE = Symbol('cspNonce');
type WithNonce = ServerResponse & { [NONCE]?: string };

/** This response's CSP nonce, for an inline script the server writes into a page. */
export function cspNonce(reply: FastifyReply | ServerResponse): string {
  const response = ('raw' in reply ? reply.raw : reply) as WithNonce;
  return response[NONCE] ?? '';
}

export function contentSecurityPolicy(config: Pick<Config, 'GOOGLE_ADS_ID' | 'CONVERSION_PAGE_URL'>) {
  const ads = config.GOOGLE_ADS_ID !== undefined;
  const frames = [...(config.CONVERSION_PAGE_URL ? [new URL(config.CONVERSION_PAGE_URL).origin] : []), ...(ads ? ADS_FRAME_HOSTS : [])];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: [
        "'self'",
        (_: unknown, response: unknown) => `'nonce-${cspNonce(response as ServerResponse)}'`,
        ...(ads ? ADS_SCRIPT_HOSTS : []),
      ],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // App logos and screenshots may live on any https host.
      imgSrc: ["'self'", 'data:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'", ...(ads ? ADS_CONNECT_HOSTS : [])],
      frameSrc: frames.length > 0 ? frames : ["'none'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      // The conversion page (CONVERSION_PAGE_URL) may be one of the site's own, shown in a hidden frame.
      frameAncestors: ["'self'"],
    },
  };
}

/**
 * The JSON API's answers are never rendered as pages: they get the strictest policy (OWASP's REST
 * guidance), which is also a constant, so they skip the nonce (a random draw that cost 4 % of the API's
 * CPU under the catalogue benchmark).
 */
const API_CONTENT_SECURITY_POLICY = { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } };
/** The API's answers that are pages a browser shows: the API documentation and the pages links in e-mails open. */
const API_PAGES = ['/api/docs', '/api/emails/unsubscribe', '/api/leads/confirm'];
const isJsonApi = (path: string) => isApiPath(path) && !API_PAGES.some((page) => path.startsWith(page));

/** Helmet's headers, from an onRequest hook: helmet only sets headers on the raw response. */
export function securityHeaders(config: Config): onRequestHookHandler {
  const common = {
    // The conversion popup (CONVERSION_PAGE_URL) is closed by this page after 3 s: it keeps its opener.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  } as const;
  const forPages = helmet({ ...common, contentSecurityPolicy: contentSecurityPolicy(config) }) as Middleware;
  const forApi = recorded(helmet({ ...common, contentSecurityPolicy: API_CONTENT_SECURITY_POLICY }) as Middleware);
  return (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    if (isJsonApi(pathOf(request.url))) {
      forApi(reply.raw);
      return done();
    }
    (reply.raw as WithNonce)[NONCE] = randomBytes(16).toString('base64');
    forPages(request.raw, reply.raw, done as never);
  };
}

/**
 * What a middleware whose headers do not depend on the request does to a response, recorded once and
 * replayed on each: helmet builds the policy's text anew for every response.
 */
function recorded(middleware: Middleware): (response: ServerResponse) => void {
  const steps: ((response: ServerResponse) => void)[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => steps.push((response) => response.setHeader(name, value)),
    removeHeader: (name: string) => steps.push((response) => response.removeHeader(name)),
  };
  let finished = false;
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
    finished = true;
  });
  if (!finished) throw new Error('the middleware did not finish at once');
  return (response) => {
    for (const step of steps) step(response);
  };
}

/** CORS only for the configured origins; without CORS_ORIGINS, no cross-origin page may read an answer. */
export function corsOptions(config: Pick<Config, 'CORS_ORIGINS'>): Parameters<NestFastifyApplication['enableCors']>[0] {
  if (!config.CORS_ORIGINS?.length) return undefined;
  return { origin: config.CORS_ORIGINS, credentials: true, maxAge: 600 };
}
