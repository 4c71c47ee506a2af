/**
 * Scale-out: one API process and three worker processes (the built `backend/dist`, real processes) on the
 * same PostgreSQL and Redis share the projection and e-mail work. Driven with joins, questions, suggestions,
 * app views and analytics batches at once, every e-mail owed reaches the SMTP server exactly once, and every
 * read model equals a rebuild of it from the log: nothing was applied twice or skipped. Run directly
 * (scale-out.e2e-spec.ts) and through PgBouncer in transaction mode (pgbouncer.e2e-spec.ts).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_UA, BROWSER_UA, interaction, pageTime, pageView, sessionEnd, sessionStart } from '../src/analytics/testing/tracker-events.js';
import { EMAILS_QUEUE } from '../src/notifications/email/email-dispatcher.js';
import { buildProjections } from '../src/projections.js';
import type { Db } from '../src/shared/db/tables.js';
import { checkpointNames, ProjectionRunner } from '../src/shared/projections/projection-runner.js';
import { PROJECTIONS_QUEUE } from '../src/shared/queue/projection-wakeup.js';
import {
  startServerProcess,
  startWorkerProcess,
  waitForEmptyQueue,
  waitForQueueWorkers,
  type ChildServiceProcess,
  type ServerProcess,
} from '../src/shared/testing/server-process.js';
import { eventually } from '../src/shared/testing/eventually.js';
import { startSmtpServer, type SmtpTestServer } from '../src/shared/testing/smtp-test-server.js';
import {
  clearRedisPrefix,
  createTestDatabase,
  TEST_REDIS_URL,
  testConfig,
  uniqueName,
  type TestDatabase,
} from '../src/shared/testing/test-database.js';
import { settled } from './api-harness.js';

const WORKERS = 3;
const JOINS = 60;
const QUESTIONS = 10; // two e-mails each: to the team, and the acknowledgement
const SUGGESTIONS = 10;
const VISITS = 40;

/**
 * How the processes reach PostgreSQL: the URL they are given for the test's database (by default that URL
 * itself), and a check, once the run is over, that they went that way.
 */
export interface DatabaseRoute {
  url(databaseUrl: string): string;
  checkUsed?(database: TestDatabase): Promise<void>;
}

/** The scale-out run as a suite: an API and three workers on one PostgreSQL (reached by `route`) and Redis. */
export function describeScaleOut(title: string, route: () => DatabaseRoute = () => ({ url: (url) => url })): void {
  let database: TestDatabase;
  let smtp: SmtpTestServer;
  let api: ServerProcess;
  let workers: ChildServiceProcess[] = [];
  let databaseRoute: DatabaseRoute;
  const prefix = uniqueName('unsheet-scale');
  const dataDir = mkdtempSync(join(tmpdir(), 'unsheet-scale-'));

  beforeAll(async () => {
    [database, smtp] = await Promise.all([createTestDatabase(), startSmtpServer()]);
    databaseRoute = route();
    const env = {
      DATABASE_URL: databaseRoute.url(database.url),
      REDIS_URL: TEST_REDIS_URL,
      REDIS_PREFIX: prefix,
      SMTP_URL: smtp.url,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      PUBLIC_BASE_URL: 'http://localhost:3000',
      APP_SECRET: 'scale-out-secret-scale-out-secret-0123',
      DEMO_CATALOGUE: 'false',
      PROJECTION_POLL_MS: '500',
      EMAIL_POLL_MS: '200',
      RATE_LIMIT_FACTOR: '100000',
    };
    // The database is migrated already, so all four start at once. The API loads the demo catalogue (app views need apps).
    const starting = Array.from({ length: WORKERS }, () => startWorkerProcess(env, 120_000));
    api = await startServerProcess({ ...env, RUN_WORKERS: 'false', DEMO_CATALOGUE: 'true' }, 120_000);
    workers = await Promise.all(starting);
  }, 150_000); // four Nest start-ups on 2 cores: their own time-outs (120 s) come first, with their output

  afterAll(async () => {
    await Promise.all([api?.stop(), ...workers.map((w) => w.stop())]);
    await smtp?.close();
    await database?.drop();
    await clearRedisPrefix(prefix);
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe(title, () => {
    it('send every e-mail once and leave read models equal to a rebuild from the log', async () => {
      // Every worker process has joined both queues (a Nest start-up each, on 2 cores).
      await waitForQueueWorkers(TEST_REDIS_URL, prefix, PROJECTIONS_QUEUE, WORKERS);
      await waitForQueueWorkers(TEST_REDIS_URL, prefix, EMAILS_QUEUE, WORKERS);
      const apps = ((await (await fetch(`${api.url}/api/apps`)).json()) as { items: { id: string }[] }).items;
      expect(apps.length).toBeGreaterThan(0);

      // Everything at once, so the three workers contend for the same wake-ups.
      const first = await post('/api/leads', { email: 'first@example.com' });
      const ref = (first.body as { refCode: string }).refCode;
      const sessions = Array.from({ length: VISITS }, () => randomUUID());
      const answers = await Promise.all([
        ...Array.from({ length: JOINS - 1 }, (_, i) =>
          post('/api/leads', { email: `joiner-${i}@example.com`, ref: i % 3 === 0 ? ref : null, sessionId: sessions[i % VISITS] }),
        ),
        ...Array.from({ length: QUESTIONS }, (_, i) =>
          post('/api/quick-questions', { name: `Asker ${i}`, email: `asker-${i}@example.com`, message: 'Does it export to CSV?' }),
        ),
        ...Array.from({ length: SUGGESTIONS }, (_, i) =>
          post('/api/suggestions', { email: `suggester-${i}@example.com`, suggestion_text: `A tool for rota number ${i}` }),
        ),
        ...sessions.map((sessionId, i) => post('/api/analytics/collect', { events: visit(sessionId, apps[i % apps.length]!.id) })),
        post('/api/analytics/collect', { events: visit(randomUUID(), null) }, BOT_UA),
        ...Array.from({ length: 60 }, (_, i) => post(`/api/apps/${apps[i % apps.length]!.id}/views`, { sessionId: randomUUID() })),
      ]);
      for (const answer of answers) expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
      expect(workers.map((w) => w.output()).join('')).not.toMatch(/"level":50/);

      const owed = JOINS + 2 * QUESTIONS + SUGGESTIONS;
      await eventually(() => expect(smtp.messages.length).toBe(owed), { timeout: 30_000 });
      const db = database.handle.db;
      await eventually(async () => expect(await lagging(db)).toEqual([]), { timeout: 15_000 });
      // Nothing is left to happen: no e-mail is owed (so none is queued again), and every e-mail job has run to
      // its end, so a duplicate, had one been queued, has been sent by now.
      await settled({ database, config: testConfig({ DATABASE_URL: database.url }) });
      await waitForEmptyQueue(TEST_REDIS_URL, prefix, EMAILS_QUEUE);

      const ids = smtp.messages.map((mail) => mail.messageId);
      expect(new Set(ids).size).toBe(owed);
      expect(smtp.attempts()).toBe(owed);
      const welcomed = smtp.messages.filter((mail) => mail.subject?.toLowerCase().includes('welcome')).map((m) => m.to);
      expect(welcomed.length).toBe(JOINS);
      const outbox = await db.selectFrom('email_outbox').select(['status', 'attempts']).execute();
      expect(outbox).toHaveLength(owed);
      expect(outbox.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);

      // The read models the workers built, then each projection rebuilt from the log in this process.
      await Promise.all([api.stop(), ...workers.map((w) => w.stop())]);
      const projections = buildProjections(testConfig({ DATABASE_URL: database.url })).filter((p) => p.tables.length > 0);
      const live = await snapshot(
        db,
        projections.flatMap((p) => p.tables),
      );
      // The bot's visit is kept too, classified and left out of the figures (docs/analytics.md).
      const classes = (live.user_sessions as string[]).map((row) => (JSON.parse(row) as { traffic_class: string }).traffic_class);
      expect(classes.filter((c) => c === 'person')).toHaveLength(VISITS);
      expect(classes.filter((c) => c !== 'person')).toEqual(['search-crawler']);
      expect(live.leads).toHaveLength(JOINS);
      const runner = new ProjectionRunner(db, projections, { batchSize: 100 });
      for (const projection of projections) await runner.rebuild(projection.name);
      expect(
        await snapshot(
          db,
          projections.flatMap((p) => p.tables),
        ),
      ).toEqual(live);
      await databaseRoute.checkUsed?.(database);
    }, 120_000);
  });

  async function post(path: string, body: unknown, userAgent = BROWSER_UA): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${api.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': userAgent },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }
}

function visit(sessionId: string, appId: string | null) {
  const pageViewId = randomUUID();
  return [
    sessionStart({ sessionId }),
    pageView({ sessionId, pageViewId, url: 'https://unsheet.app/app/invoice-chaser', title: 'Invoice Chaser — Unsheet' }),
    interaction({ sessionId, appId, action: 'cta_click' }),
    pageTime({ sessionId, pageViewId, seconds: 42 }),
    sessionEnd({ sessionId, timeOnSite: 42, pagesViewed: 1 }),
  ];
}

/** Checkpoints of async projections (one per partition) not yet at the end of the log. */
async function lagging(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select p.name from (values ${sql.join(
      buildProjections(testConfig())
        .filter((p) => p.mode === 'async')
        .flatMap((p) => checkpointNames(p))
        .map((name) => sql`(${name})`),
    )}) as p(name)
    left join projection_checkpoints c on c.name = p.name
    -- The log's order is (transaction_id, global_position): a transaction that started earlier may hold
    -- higher positions than one already read past, so positions alone would call a caught-up reader late.
    where c.name is null or exists (
      select 1 from events e where (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position)
    )`.execute(db);
  return rows.map((row) => row.name);
}

/** Every row of the tables, in a stable order. */
async function snapshot(db: Db, tables: string[]): Promise<Record<string, unknown[]>> {
  const result: Record<string, unknown[]> = {};
  for (const table of tables) {
    const { rows } = await sql`select * from ${sql.table(table)}`.execute(db);
    result[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return result;
}
