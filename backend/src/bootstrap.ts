/**
 * Builds the two kinds of process from one codebase: the API (HTTP under /api, the built SPA, and by
 * default the workers too) and the worker (projections only, no HTTP).
 */
import 'reflect-metadata';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { relative, sep } from 'node:path';
import compression from 'compression';
import type { NestExpressApplication } from '@nestjs/platform-express';
import express, { json, type NextFunction, type Request, type Response } from 'express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger as PinoNestLogger } from 'nestjs-pino';
import type { Logger } from 'pino';
import { SEARCH_QUERIES_IMPORT_PATH, SEARCH_QUERIES_IMPORT_MAX_BODY } from './analytics/search-console/search-queries-import.js';
import { QUEUE_DASHBOARD_PATH, QueueDashboard } from './admin/queue-dashboard.js';
import { AppModule } from './app.module.js';
import { buildProjections } from './projections.js';
import type { Config } from './shared/config/config.js';
import { DomainErrorFilter } from './shared/http/domain-error.filter.js';
import { refuseControlCharacters } from './shared/http/refuse-control-characters.js';
import { corsOptions, securityHeaders } from './shared/http/security-headers.js';
import { createKernel } from './shared/kernel.js';
import { requestLog } from './shared/logging/request-log.js';
import { FRONTEND_DIST } from './shared/paths.js';

export const MAX_JSON_BODY = '64kb';


export async function createApiApp(config: Config, logger: Logger): Promise<INestApplication> {
  const kernel = await createKernel(config, buildProjections(config), logger);
  try {
    const app = await NestFactory.create<NestExpressApplication>(AppModule.register(kernel, logger, { http: true }), {
      bufferLogs: true,
      bodyParser: false,
    });
    app.useLogger(app.get(PinoNestLogger));
    const requests = requestLog(logger);
    if (requests) app.use(requests);
    app.use(securityHeaders(config));
    const cors = corsOptions(config);
    if (cors) app.enableCors(cors);
    app.use('/api', requireJsonBodies);
    // A Search Console CSV export may pass 64 KB; its route gets its own parser, every other body keeps the limit.
    app.use(SEARCH_QUERIES_IMPORT_PATH, json({ limit: SEARCH_QUERIES_IMPORT_MAX_BODY }));
    app.useBodyParser('json', { limit: MAX_JSON_BODY });
    app.use('/api', refuseControlCharacters);
    // Only answers to GET and HEAD are large enough to gain (pages, assets, catalogue lists); wrapping every
    // command's small JSON answer cost 10 % of the API's throughput for nothing.
    const compress = compression();
    app.use((request: Request, response: Response, next: NextFunction) =>
      request.method === 'GET' || request.method === 'HEAD' ? compress(request, response, next) : next(),
    );
    // Before the SPA's pages: with Redis, /admin/queues is bull-board behind its own cookie check.
    const queueDashboard = app.get(QueueDashboard);
    if (queueDashboard.enabled) app.use(QUEUE_DASHBOARD_PATH, queueDashboard.handle);
    // Built assets first; pages and 404s come from SiteController. Files under assets/ have hashed names and
    // are cached for a year. The others keep their names from build to build (sw.js, manifest.webmanifest,
    // icons), so browsers must ask again each time: a new sw.js is how a new version reaches installed apps.
    // API paths skip the file lookup: a stat of the disk on every API request cost 6 % of the API's CPU
    // under the catalogue benchmark, and a trip through libuv's thread pool.
    const assets = express.static(FRONTEND_DIST, {
      index: false,
      maxAge: '1y',
      immutable: true,
      fallthrough: true,
      setHeaders: (response, path) => {
        if (!isHashedAsset(path)) response.setHeader('Cache-Control', 'no-cache');
      },
    });
    app.use((request: Request, response: Response, next: NextFunction) =>
      request.path.startsWith('/api/') ? next() : assets(request, response, next),
    );
    app.useGlobalFilters(new DomainErrorFilter());
    app.disable('x-powered-by');
    // Behind a load balancer or TLS terminator: the client's address (rate limits) and https (Secure cookies).
    if (config.TRUST_PROXY > 0) app.set('trust proxy', config.TRUST_PROXY);
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

function isHashedAsset(path: string): boolean {
  return relative(FRONTEND_DIST, path).split(sep)[0] === 'assets';
}

/** API requests that carry a body must send JSON: anything else gets a clear 415 instead of an empty body. */
function requireJsonBodies(request: Request, response: Response, next: NextFunction): void {
  const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
  if (hasBody && !request.is('application/json')) {
    response.status(415).json({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send the request body as JSON (Content-Type: application/json).',
    });
    return;
  }
  next();
}

export async function createWorkerApp(config: Config, logger: Logger): Promise<INestApplicationContext> {
  const workerConfig = { ...config, RUN_WORKERS: true };
  const kernel = await createKernel(workerConfig, buildProjections(workerConfig), logger);
  try {
    const app = await NestFactory.createApplicationContext(AppModule.register(kernel, logger, { http: false }), {
      bufferLogs: true,
    });
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
