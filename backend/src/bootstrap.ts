/**
 * Builds the two kinds of process from one codebase: the API (HTTP under /api, the built SPA, and by
 * default the workers too) and the worker (projections only, no HTTP).
 */
import 'reflect-metadata';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { relative, sep } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import send from '@fastify/send';
import fastifyStatic from '@fastify/static';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger as PinoNestLogger } from 'nestjs-pino';
import type { Logger } from 'pino';
import { SEARCH_QUERIES_IMPORT_PATH, SEARCH_QUERIES_IMPORT_MAX_BODY } from './analytics/search-console/search-queries-import.js';
import { serveCollectDirectly } from './analytics/collect/collect-route.js';
import { APPS_IMPORT_PATH } from './catalogue/commands/import-apps.command.js';
import { QueueDashboard } from './admin/queue-dashboard.js';
import { EMAILS_QUEUE } from './notifications/email/email-dispatcher.js';
import { LEAD_CONFIRMATION_PATH } from './early-access/waitlist/lead.events.js';
import { UNSUBSCRIBE_PATH } from './notifications/unsubscribe/unsubscribe.controller.js';
import { AppModule } from './app.module.js';
import { AuthGuard } from './identity/http/auth.guard.js';
import { buildProjections } from './projections.js';
import { PROJECTIONS_QUEUE } from './shared/queue/projection-wakeup.js';
import type { Config } from './shared/config/config.js';
import { isApiPath, pathOf } from './shared/http/api-path.js';
import { useClientAddresses } from './shared/http/client-address.js';
import { clientBudget } from './shared/http/client-budget.js';
import { DomainErrorFilter, sendError, sendRouterError } from './shared/http/domain-error.filter.js';
import { jsonBodyParser } from './shared/http/json-body.js';
import { refuseControlCharacters } from './shared/http/refuse-control-characters.js';
import { corsOptions, securityHeaders } from './shared/http/security-headers.js';
import { createKernel, type Kernel } from './shared/kernel.js';
import { countRequests, watchState } from './shared/metrics/metrics.js';
import { requestLog } from './shared/logging/request-log.js';
import { FRONTEND_DIST } from './shared/paths.js';

/** Every request body but the two imports' (Search Console CSV, apps: SEARCH_QUERIES_IMPORT_MAX_BODY). */
export const MAX_JSON_BODY = 64 * 1024;
/** Long enough for any slug or token in a path (Fastify's default, 100, would turn a longer one into a 414). */
const MAX_PARAM_LENGTH = 2048;
const REQUEST_TIMEOUT_MS = 60_000;

/**
 * The API runs on Fastify: on the same two cores, bare NestJS answered 8,600 requests/s on Fastify against
 * 2,600 on Express, and the hot paths (analytics batches, waitlist joins, catalogue reads) are mostly
 * framework time (docs/performance.md). Everything is a Fastify hook or plugin; no Express-style middleware.
 */
export async function createApiApp(config: Config, logger: Logger): Promise<INestApplication> {
  const kernel = await createKernel(config, buildProjections(config), logger);
  try {
    const adapter = new FastifyAdapter({
      bodyLimit: MAX_JSON_BODY,
      // Behind a load balancer or TLS terminator: the client's address (rate limits) and https (Secure cookies),
      // believed only from the proxies TRUST_PROXY names (or its number of nearest hops): docs/security.md.
      trustProxy: typeof config.TRUST_PROXY === 'number' ? nearestHops(config.TRUST_PROXY) : config.TRUST_PROXY,
      routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
      // A malformed URL or an over-long parameter, refused by the router before any route: our error shape.
      frameworkErrors: (error: { statusCode?: number }, _request: FastifyRequest, reply: FastifyReply) => sendRouterError(error, reply),
      // Fastify sets no limit by default; a client that never finishes its request is cut off, as Node's own
      // server did under Express (300 s there; nothing here takes more than seconds).
      requestTimeout: REQUEST_TIMEOUT_MS,
      // Request lines come from pino-http (requestLog), as they did before Fastify.
      logger: false,
      skipMiddie: true,
    });
    const app = await NestFactory.create<NestFastifyApplication>(AppModule.register(kernel, logger, { http: true }), adapter, {
      bufferLogs: true,
      bodyParser: false,
    });
    app.useLogger(app.get(PinoNestLogger));
    const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
    useClientAddresses(fastify, config.IPV6_PREFIX_BITS);
    // This process's workers start their batches when no request is in flight (shared/http/foreground.ts).
    if (config.RUN_WORKERS) kernel.foreground.track(fastify);
    if (config.METRICS_PORT !== undefined) {
      watchOperations(kernel);
      countRequests(fastify);
    }
    const requests = requestLog(logger);
    if (requests) fastify.addHook('onRequest', requests);
    fastify.addHook('onRequest', securityHeaders(config));
    const cors = corsOptions(config);
    if (cors) app.enableCors(cors);
    const budget = clientBudget(kernel.hits, config.PUBLIC_WRITE_BUDGET * config.RATE_LIMIT_FACTOR);
    fastify.addHook('onRequest', budget.onRequest);
    fastify.addHook('onResponse', budget.onResponse);
    fastify.addHook('onRequest', requireJsonBodies);
    fastify.removeContentTypeParser('application/json');
    fastify.addContentTypeParser('application/json', { parseAs: 'string' }, jsonBodyParser(fastify));
    // Any other body is read and dropped: the API refuses them first (requireJsonBodies) but for the one-click
    // unsubscribe form, and no page takes a body.
    fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));
    // A Search Console CSV export, and an apps import's dry run (a whole file), may pass 64 KB: their routes get
    // a limit of their own, and check the administrator before reading the body, so that nobody else can make
    // the server read and parse 2 MB. Every other body keeps 64 KB.
    const auth = app.get(AuthGuard, { strict: false });
    fastify.addHook('onRoute', (route) => {
      if (route.url !== SEARCH_QUERIES_IMPORT_PATH && route.url !== APPS_IMPORT_PATH) return;
      route.bodyLimit = SEARCH_QUERIES_IMPORT_MAX_BODY;
      route.onRequest = [...[route.onRequest ?? []].flat(), (request) => auth.requireAdmin(request)];
    });
    serveCollectDirectly(app, fastify, kernel);
    fastify.addHook('preHandler', refuseControlCharacters);
    await app.register(fastifyCookie);
    // Only answers to GET and HEAD are large enough to gain (pages, assets, catalogue lists); the commands'
    // small JSON answers are not worth the CPU.
    fastify.addHook('onRoute', (route) => {
      const methods = ([] as string[]).concat(route.method);
      if (!methods.includes('GET') && !methods.includes('HEAD')) route.compress = false;
    });
    await app.register(fastifyCompress, { globalDecompression: false });
    // Before the SPA's pages: with Redis, /admin/queues is bull-board behind its own cookie check.
    const queueDashboard = app.get(QueueDashboard);
    if (queueDashboard.enabled) await queueDashboard.mount(fastify);
    // Built assets, each a route of its own (no wildcard: pages and 404s come from SiteController). Files
    // under assets/ have hashed names and are cached for a year. The others keep their names from build to
    // build (sw.js, manifest.webmanifest, icons), so browsers must ask again each time: a new sw.js is how a
    // new version reaches installed apps.
    // RFC 9239's type for scripts (@fastify/send still says application/javascript), for the files as they are
    // and for their compressed copies, whose type @fastify/static looks up by the original name.
    send.mime.define({ 'text/javascript': ['js', 'mjs'] }, true);
    await app.register(fastifyStatic, {
      root: FRONTEND_DIST,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of scripts and styles (frontend/vite.config.ts).
      preCompressed: true,
      maxAge: '1y',
      immutable: true,
      setHeaders: (reply: FastifyReply, path: string) => {
        if (!isHashedAsset(path)) void reply.header('Cache-Control', 'no-cache');
      },
    });
    app.useGlobalFilters(new DomainErrorFilter());
    const document = SwaggerModule.createDocument(
      app,
      new DocumentBuilder()
        .setTitle('Unsheet API')
        .setDescription('Commands append events; queries read projections. Errors are { code, message, fields? }.')
        .setVersion('1')
        .build(),
    );
    SwaggerModule.setup('api/docs', app, document, { jsonDocumentUrl: 'api/openapi.json', useGlobalPrefix: false });
    return app;
  } catch (error) {
    await kernel.close();
    throw error;
  }
}

/** The state the metrics read at each scrape: projections, the outbox, and both queues (docs/operations.md). */
function watchOperations(kernel: Kernel): void {
  watchState(kernel, [PROJECTIONS_QUEUE, EMAILS_QUEUE]);
}

/** Trusts the addresses the n nearest proxies add (as Express's `trust proxy` with a number). */
function nearestHops(count: number) {
  return (_address: string, hop: number) => hop < count;
}

function isHashedAsset(path: string): boolean {
  return relative(FRONTEND_DIST, path).split(sep)[0] === 'assets';
}

/**
 * API requests that carry a body must send JSON: anything else gets a clear 415 instead of an empty body.
 * The buttons of the pages that links in e-mails open (unsubscribe, confirm a place on the list) post forms,
 * and the one-click unsubscribe (RFC 8058) is posted as a form by mail clients: they read no body.
 */
const FORM_POSTS = [UNSUBSCRIBE_PATH, LEAD_CONFIRMATION_PATH];

function requireJsonBodies(request: FastifyRequest, reply: FastifyReply, done: () => void): void {
  // Reads carry no body: asked first, they cost two header lookups.
  const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
  if (!hasBody) return done();
  const path = pathOf(request.url);
  if (!isApiPath(path) || FORM_POSTS.includes(path)) return done();
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    void sendError(reply, 415, {
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send the request body as JSON (Content-Type: application/json).',
    });
    return;
  }
  done();
}

export async function createWorkerApp(config: Config, logger: Logger): Promise<INestApplicationContext> {
  const workerConfig = { ...config, RUN_WORKERS: true };
  const kernel = await createKernel(workerConfig, buildProjections(workerConfig), logger);
  try {
    const app = await NestFactory.createApplicationContext(AppModule.register(kernel, logger, { http: false }), {
      bufferLogs: true,
    });
    if (config.METRICS_PORT !== undefined) watchOperations(kernel);
    app.useLogger(app.get(PinoNestLogger));
    return app;
  } catch (error) {
    await kernel.close();
    throw error;
  }
}

/**
 * Closes the application on SIGTERM / SIGINT (stops workers after their current batch, closes Redis and
 * the database, which for PGlite flushes the data folder) and exits 0; a second signal exits at once.
 */
export function closeOnSignals(
  app: INestApplicationContext,
  logger: Logger,
  signals: readonly NodeJS.Signals[] = ['SIGTERM', 'SIGINT'],
): void {
  let closing = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (closing) process.exit(1);
    closing = true;
    logger.info(`${signal}: shutting down`);
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  for (const signal of signals) process.on(signal, onSignal);
}
