/**
 * Configuration comes only from environment variables, validated once at start-up.
 * A wrong or missing value stops the process with a message naming the variable.
 * Every variable is documented in `.env.example`.
 */
import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_LEAD_CONFIRMATION_DAYS } from '../../../../contracts/early-access/lead.js';
import { DEFAULT_DATA_CENTRE_RANGES, parseDataCentreRanges, type DataCentreRange } from '../http/data-centres.js';
import { parseRedisUrl } from '../redis/redis-connection.js';

const emptyAsUnset = (value: unknown) => (value === '' ? undefined : value);
const flag = (fallback: boolean) =>
  z.preprocess(
    emptyAsUnset,
    z
      .enum(['true', 'false', '1', '0'], { error: 'must be true or false' })
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1'),
  );
const positiveInt = (fallback: number) =>
  z.preprocess(emptyAsUnset, z.coerce.number({ error: 'must be a number' }).int().positive().default(fallback));

/**
 * A comma-separated list of user-agent tokens or hosts (the traffic classifier's lists, docs/analytics.md):
 * printable characters without spaces or commas, 2 to 80 each.
 */
const wordList = (what: string) =>
  z.preprocess(
    emptyAsUnset,
    z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean),
      )
      .refine(
        (items) => items.every((item) => item.length >= 2 && item.length <= 80 && [...item].every((c) => c > ' ' && c <= '~')),
        `must be comma-separated ${what} (2-80 printable characters each, no spaces)`,
      ),
  );

const schema = z.object({
  NODE_ENV: z.preprocess(emptyAsUnset, z.enum(['development', 'production', 'test']).default('development')),
  PORT: z.preprocess(emptyAsUnset, z.coerce.number({ error: 'must be a number' }).int().min(0).max(65535).default(3000)),
  DATABASE_URL: z.preprocess(emptyAsUnset, z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional()),
  DATA_DIR: z.preprocess(emptyAsUnset, z.string().default('.data')),
  // One Redis (redis://host:port), or a Redis Cluster (redis-cluster://host:port,host:port,...): shared/redis.
  REDIS_URL: z.preprocess(
    emptyAsUnset,
    z.string().refine(isRedisUrl, 'must be a redis:// URL, or redis-cluster://host:port,host:port,... for a Redis Cluster').optional(),
  ),
  // Letters, digits, - and _, with at most one hash tag ('{unsheet}'): on a cluster, a tag puts every queue in
  // its slot; without one, each queue gets a tag of its own (shared/redis/redis-connection.ts).
  REDIS_PREFIX: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^(?:[\w-]+|[\w-]*\{[\w-]+\}[\w-]*)$/, 'letters, digits, - and _ only, with at most one {hash tag}')
      .default('unsheet'),
  ),
  RUN_WORKERS: flag(true),
  // Prometheus metrics (docs/operations.md, "Metrics"): GET /metrics on a port of their own, off when unset. The
  // host is loopback unless set (0.0.0.0 in a container whose Prometheus scrapes it over the network).
  METRICS_PORT: z.preprocess(emptyAsUnset, z.coerce.number({ error: 'must be a number' }).int().min(1).max(65535).optional()),
  METRICS_HOST: z.preprocess(emptyAsUnset, z.string().default('127.0.0.1')),
  // CPU priority of a worker process (`nice`, 0-19): on a machine shared with the API, requests go first.
  WORKER_NICE: z.preprocess(emptyAsUnset, z.coerce.number({ error: 'must be a number' }).int().min(0).max(19).default(0)),
  // API processes sharing the port, one per core (node:cluster); more than 1 needs DATABASE_URL.
  API_PROCESSES: positiveInt(1),
  PROJECTION_POLL_MS: positiveInt(1000),
  PROJECTION_BATCH_SIZE: positiveInt(1000),
  // Under a stream of wake-ups, the least time between the starts of two passes of a projection (bigger, cheaper
  // batches; see shared/projections/projection-runner.ts). 0: a pass as soon as the last one ends.
  PROJECTION_PASS_INTERVAL_MS: z.preprocess(
    emptyAsUnset,
    z.coerce.number({ error: 'must be a number' }).int().min(0).max(10_000).default(200),
  ),
  // Flow control of the tracker's ingest (analytics/collect/ingest-backpressure.ts): while the visits projection
  // is further behind than this many ms, a batch from a client that sent at least the mean per client of the
  // recent events waits (at most ANALYTICS_MAX_WAIT_MS) before it is appended. 0 turns it off.
  ANALYTICS_MAX_LAG_MS: z.preprocess(emptyAsUnset, z.coerce.number({ error: 'must be a number' }).int().min(0).default(1000)),
  ANALYTICS_MAX_WAIT_MS: positiveInt(2000),
  // How long the public catalogue reads are served from memory (0: never); see catalogue/catalogue-cache.ts.
  CATALOGUE_CACHE_MS: z.preprocess(emptyAsUnset, z.coerce.number({ error: 'must be a number' }).int().min(0).max(60_000).default(1000)),
  // URLs per sitemap file (sitemaps.org allows 50,000): past it, /sitemap.xml is an index of numbered sitemaps.
  SITEMAP_MAX_URLS: z.preprocess(emptyAsUnset, z.coerce.number({ error: 'must be a number' }).int().min(1).max(50_000).default(50_000)),
  DEMO_CATALOGUE: flag(true),
  PUBLIC_BASE_URL: z.preprocess(emptyAsUnset, z.url({ error: 'must be an absolute URL' }).optional()),
  // Development only (`npm run dev` sets it): links in e-mails follow the visitor's address on this machine (the
  // page's Origin, e.g. the Vite dev server on :5173) instead of http://localhost:PORT. Never with PUBLIC_BASE_URL.
  LINKS_FOLLOW_VISITOR: flag(false),
  APP_SECRET: z.preprocess(emptyAsUnset, z.string().min(32, 'must be at least 32 characters').optional()),
  SMTP_URL: z.preprocess(emptyAsUnset, z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional()),
  MAIL_FROM: z.preprocess(emptyAsUnset, z.string().min(3).default('Unsheet <hello@unsheet.app>')),
  ADMIN_NOTIFY_EMAIL: z.preprocess(emptyAsUnset, z.email({ error: 'must be an e-mail address' }).default('admin@unsheet.app')),
  TEAM_EMAIL: z.preprocess(emptyAsUnset, z.email({ error: 'must be an e-mail address' }).default('team@unsheet.app')),
  EMAIL_MAX_ATTEMPTS: positiveInt(6),
  EMAIL_RETRY_BASE_MS: positiveInt(10_000),
  EMAIL_POLL_MS: positiveInt(1000),
  // E-mails a day to one address typed into public forms (questions, joining the list), whoever asks; as many
  // account e-mails (the sign-up confirmation) besides, counted on their own.
  EMAIL_DAILY_LIMIT_PER_RECIPIENT: positiveInt(5),
  // E-mails an hour to the team and the administrator about what visitors sent (suggestions, questions, developer
  // inquiries), all together; the messages themselves are all kept and shown in the admin console.
  TEAM_EMAIL_HOURLY_LIMIT: positiveInt(30),
  // Days a lead that has not confirmed its address holds its spot (docs/early-access.md).
  LEAD_CONFIRMATION_DAYS: positiveInt(DEFAULT_LEAD_CONFIRMATION_DAYS),
  // Public writes a client address may make per minute on each route, and across all of them together.
  PUBLIC_WRITE_LIMIT: positiveInt(30),
  PUBLIC_WRITE_BUDGET: positiveInt(60),
  // Multiplies every rate limit (sign-in, sign-up): load tests and most automated tests raise it.
  RATE_LIMIT_FACTOR: positiveInt(1),
  // Bits of an IPv6 client address that name the client for every per-address limit and budget (a subscriber
  // holds a whole /64): shared/http/client-address.ts.
  IPV6_PREFIX_BITS: z.preprocess(
    emptyAsUnset,
    z.coerce.number({ error: 'must be a number' }).int().min(32, 'must be 32 to 128').max(128, 'must be 32 to 128').default(64),
  ),
  // The proxies in front of the API (load balancer, TLS terminator), whose X-Forwarded-For / -Proto are believed:
  // their addresses or CIDRs (comma-separated; also loopback, linklocal, uniquelocal), or a number of hops.
  TRUST_PROXY: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .default('0')
      .transform((value, context): TrustedProxies => {
        const trimmed = value.trim();
        if (/^\d+$/.test(trimmed)) {
          const hops = Number(trimmed);
          if (hops <= 10) return hops === 0 ? false : hops;
        } else {
          const proxies = trimmed
            .split(',')
            .map((proxy) => proxy.trim())
            .filter(Boolean);
          if (proxies.length > 0 && proxies.every(isProxyAddress)) return proxies;
        }
        context.addIssue({
          code: 'custom',
          message: "must be proxy addresses or CIDRs ('10.0.0.5,10.1.0.0/16') or a number of hops (0-10)",
        });
        return z.NEVER;
      }),
  ),
  // Traffic classification (docs/analytics.md, "Bots and other excluded traffic"): user-agent tokens and
  // referrer hosts added to the built-in lists. A change applies to past sessions once the visits projection
  // is rebuilt (`npm run analytics:reclassify`).
  ANALYTICS_AI_CRAWLERS: wordList('user-agent tokens'),
  ANALYTICS_SEARCH_CRAWLERS: wordList('user-agent tokens'),
  ANALYTICS_AUTOMATION_AGENTS: wordList('user-agent tokens'),
  ANALYTICS_REFERRER_SPAM: wordList('hosts'),
  // Data-centre networks, `name=CIDR,…` (replaces the built-in list; 'none': no ranges). Decided at ingest from
  // the client address, which is never stored: a change applies to the sessions recorded from then on.
  ANALYTICS_DATA_CENTRE_RANGES: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .default(DEFAULT_DATA_CENTRE_RANGES)
      .transform((value, context): DataCentreRange[] => {
        const ranges = parseDataCentreRanges(value);
        if (Array.isArray(ranges)) return ranges;
        context.addIssue({ code: 'custom', message: ranges.problem });
        return z.NEVER;
      }),
  ),
  SEARCH_CONSOLE_CREDENTIALS: z.preprocess(
    emptyAsUnset,
    z.string().refine(isServiceAccountKey, 'must be a service account JSON key (with client_email and private_key)').optional(),
  ),
  SEARCH_CONSOLE_SITE_URL: z.preprocess(emptyAsUnset, z.string().min(1).optional()),
  SEARCH_CONSOLE_API_URL: z.preprocess(
    emptyAsUnset,
    z.url({ error: 'must be an absolute URL' }).default('https://searchconsole.googleapis.com'),
  ),
  SEARCH_CONSOLE_TOKEN_URL: z.preprocess(emptyAsUnset, z.url({ error: 'must be an absolute URL' }).optional()),
  ADS_TXT: z.preprocess(emptyAsUnset, z.string().max(500).optional()),
  // Conversion tracking (spec §7): the ads tag's id, optionally with its conversion label ('AW-123/AbC').
  GOOGLE_ADS_ID: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(/^[A-Z]{1,3}-[\w-]{1,40}(\/[\w-]{1,60})?$/, "must look like 'AW-123456789' or 'AW-123456789/label'")
      .optional(),
  ),
  CONVERSION_PAGE_URL: z.preprocess(emptyAsUnset, z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  // Other sites whose pages may call the API from the browser (comma-separated origins); unset: none may.
  CORS_ORIGINS: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((origin) => origin.trim().replace(/\/$/, ''))
          .filter(Boolean),
      )
      .refine((origins) => origins.every(isOrigin), "must be comma-separated origins like 'https://example.com'")
      .optional(),
  ),
  // Optional LLM that may phrase the quiz's questions (an OpenAI-compatible chat-completions endpoint). Our
  // own questions are used when it is unset, slow or wrong.
  LLM_BASE_URL: z.preprocess(emptyAsUnset, z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional()),
  LLM_API_KEY: z.preprocess(emptyAsUnset, z.string().max(500).optional()),
  LLM_MODEL: z.preprocess(emptyAsUnset, z.string().max(200).optional()),
  LLM_TIMEOUT_MS: positiveInt(2500),
  LOG_LEVEL: z.preprocess(emptyAsUnset, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
});

export type Config = z.infer<typeof schema>;

/** Fastify's `trustProxy`: nobody, the n nearest hops, or these addresses. */
export type TrustedProxies = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(value: string): boolean {
  if (PROXY_NAMES.has(value)) return true;
  const [address = '', bits, ...rest] = value.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

function isRedisUrl(value: string): boolean {
  try {
    parseRedisUrl(value);
    return true;
  } catch {
    return false;
  }
}

function isOrigin(value: string): boolean {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.origin === value;
  } catch {
    return false;
  }
}

function isServiceAccountKey(value: string): boolean {
  try {
    const key = JSON.parse(value) as { client_email?: unknown; private_key?: unknown };
    return typeof key.client_email === 'string' && typeof key.private_key === 'string';
  } catch {
    return false;
  }
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  const config = result.data;
  if (config.NODE_ENV === 'production' && !config.APP_SECRET) {
    throw new ConfigError(['APP_SECRET: required in production (at least 32 random characters)']);
  }
  // Absolute links (canonical, sitemap, e-mails) must never come from a request's Host header (site/site-base.ts).
  if (config.NODE_ENV === 'production' && !config.PUBLIC_BASE_URL) {
    throw new ConfigError(["PUBLIC_BASE_URL: required in production (the site's address, e.g. https://unsheet.app)"]);
  }
  // Without Redis the projectors can only be woken inside the process that appends.
  if (!config.REDIS_URL && !config.RUN_WORKERS) {
    throw new ConfigError(['RUN_WORKERS: must be true when REDIS_URL is not set (workers are woken in-process)']);
  }
  if (config.API_PROCESSES > 1 && !config.DATABASE_URL) {
    throw new ConfigError(['API_PROCESSES: more than 1 needs DATABASE_URL (the embedded database belongs to one process)']);
  }
  if (config.SEARCH_CONSOLE_CREDENTIALS && !config.SEARCH_CONSOLE_SITE_URL) {
    throw new ConfigError(['SEARCH_CONSOLE_SITE_URL: required with SEARCH_CONSOLE_CREDENTIALS (e.g. sc-domain:unsheet.app)']);
  }
  if (config.LLM_BASE_URL && !config.LLM_MODEL) {
    throw new ConfigError(['LLM_MODEL: required with LLM_BASE_URL (the model name the endpoint serves)']);
  }
  return config;
}
