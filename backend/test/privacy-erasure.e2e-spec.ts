/**
 * Personal data erasure: one person is planted everywhere a visitor can leave a trace (lead,
 * referrals both ways, newsletter, quiz, suggestion, question, developer inquiry, account, analytics visit,
 * e-mails sent to and about them), then erased. Afterwards no text or JSON column of any table, the event
 * log included, and no .eml file holds their address, its key, their name or their messages; every count
 * and metric is what it was; and projections rebuilt from the masked log give the same read models.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interaction, pageView, search, sessionStart, BROWSER_UA } from '../src/analytics/testing/tracker-events.js';
import { erasePersonalData } from '../src/privacy/erase-personal-data.js';
import { buildProjections } from '../src/projections.js';
import type { Db } from '../src/shared/db/tables.js';
import { ProjectionRunner } from '../src/shared/projections/projection-runner.js';
import { startSmtpServer } from '../src/shared/testing/smtp-test-server.js';
import { createTestDatabase, type TestDatabase } from '../src/shared/testing/test-database.js';
import { eventually } from '../src/shared/testing/eventually.js';
import { emailKey } from '../src/shared/validation/email.js';
import { settled, startApi, type ApiHarness } from './api-harness.js';
import { confirmLeads } from './waitlist-helpers.js';
import { createAdmin, post } from './auth-helpers.js';

const PERSON = { email: 'erin.erase@example.org', typed: 'Erin.Erase@Example.ORG', name: 'Erin Erasmus' };
/** Every form of the address a URL or a form carries: as typed, percent-encoded (any case), encoded twice. */
const ENCODED = ['Erin.Erase%40Example.ORG', 'erin.erase%40example.org', 'erin%2Eerase%40example%2eorg', 'erin.erase%2540example.org'];
/** What must be gone after the erasure, in every table, the log, the .eml files, Redis and the log output. */
const NEEDLES = [PERSON.email, ...ENCODED, emailKey(PERSON.email), PERSON.name, 'Erasmus'];
const WORDS = {
  question: 'Can Erin-question-4711 get a demo on Friday?',
  suggestion: 'A rota planner, says Erin-suggestion-4712',
  inquiry: 'I build tools: Erin-inquiry-4713',
  portfolio: 'https://erin-portfolio-4714.example.net/',
};
const OTHERS = ['referrer@example.com', 'friend@example.com', 'bystander@example.com'];

let database: TestDatabase;
let api: ApiHarness;
let db: Db;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
  dataDir = mkdtempSync(join(tmpdir(), 'unsheet-erasure-'));
  // No SMTP: e-mails are written as .eml files to DATA_DIR/outbox, which the erasure searches too.
  api = await startApi({ DATA_DIR: dataDir, SMTP_URL: '', EMAIL_POLL_MS: '50', PROJECTION_POLL_MS: '100' }, database);
  db = database.handle.db;
}, 120_000);
afterAll(async () => {
  await api?.close().catch(() => {});
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function ok(response: Promise<Response>, status = [200, 201, 202]): Promise<any> {
  const answer = await response;
  const text = await answer.text();
  expect(status, text).toContain(answer.status);
  return text ? JSON.parse(text) : undefined;
}

/** Every text and JSON value of every table (the log included) that contains `needle`, case-insensitively. */
async function traces(needle: string): Promise<string[]> {
  const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
    select c.table_name, c.column_name from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
    where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
      and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')`.execute(db);
  expect(columns.length).toBeGreaterThan(50);
  const found: string[] = [];
  for (const { table_name, column_name } of columns) {
    const { rows } = await sql<{ value: string }>`
      select ${sql.ref(column_name)}::text as value from ${sql.table(table_name)}
      where strpos(lower(${sql.ref(column_name)}::text), ${needle.toLowerCase()}) > 0`.execute(db);
    for (const row of rows) found.push(`${table_name}.${column_name}: ${row.value.slice(0, 200)}`);
  }
  return found;
}

function emlFiles(): string[] {
  const folder = join(dataDir, 'outbox');
  try {
    return readdirSync(folder)
      .filter((f) => f.endsWith('.eml'))
      .map((f) => readFileSync(join(folder, f), 'utf8'));
  } catch {
    return [];
  }
}

/** What must not change: counts, positions, referral figures, engagement metrics. */
async function figures() {
  const leads = await db
    .selectFrom('leads')
    .select(['waitlist_position', 'referral_code', 'referred_by'])
    .orderBy('waitlist_position')
    .execute();
  const codes = await sql<{ code: string; clicks: number; conversions: number }>`
    select code, clicks, conversions from referral_stats order by code`.execute(db);
  const counts = await sql<Record<string, number>>`
    select (select count(*) from leads)::int as leads, (select count(*) from newsletter_subscriptions)::int as newsletter,
           (select count(*) from suggestions)::int as suggestions, (select count(*) from quick_questions)::int as questions,
           (select count(*) from developer_inquiries)::int as inquiries, (select count(*) from quiz_results)::int as quiz,
           (select count(*) from referrals)::int as referrals, (select count(*) from lead_sessions)::int as lead_sessions,
           (select count(*) from user_sessions)::int as sessions, (select count(*) from page_views)::int as page_views,
           (select count(*) from users)::int as users, (select count(*) from email_outbox)::int as emails`.execute(db);
  const engagement = (await api.get('/api/admin/analytics/engagement')).body;
  const status = (await api.get('/api/early-access/status')).body;
  return { leads, codes: codes.rows, counts: counts.rows[0], engagement, status };
}

/** The read models a rebuild recreates, in a stable order. */
async function readModels() {
  const tables = [
    'leads',
    'referrals',
    'referral_codes',
    'newsletter_subscriptions',
    'suggestions',
    'quick_questions',
    'developer_inquiries',
    'quiz_results',
    'lead_sessions',
    'user_sessions',
    'page_views',
    'app_interactions',
  ] as const;
  const result: Record<string, unknown[]> = {};
  for (const table of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    result[table] = rows.map((row) => JSON.stringify(row)).sort();
  }
  return result;
}

describe('erasing a person', () => {
  let before: Awaited<ReturnType<typeof figures>>;
  let personCode: string;

  it('plants the person everywhere a visitor leaves a trace', async () => {
    Object.assign(api.headers, { authorization: `Bearer ${(await createAdmin(api)).accessToken}` });
    const sessionId = randomUUID();
    const laterSessionId = randomUUID();
    const visitorId = randomUUID();
    await ok(
      post(
        api,
        '/api/analytics/collect',
        {
          events: [
            sessionStart({ sessionId, url: `https://unsheet.app/?utm_content=${PERSON.email}`, visitorId }),
            pageView({ sessionId, url: `https://unsheet.app/welcome?who=${PERSON.email}`, title: 'Welcome' }),
            // A campaign link with the address in it, percent-encoded, and the name in a page title.
            pageView({ sessionId, url: `https://unsheet.app/offer?email=${ENCODED[0]}&utm_source=mail`, title: `${PERSON.name}'s offer` }),
            interaction({ sessionId, action: 'share', metadata: { label: `Shared by ${PERSON.name}`, link: `/r?e=${ENCODED[2]}` } }),
            // A sign-in link carrying the campaign link, encoded inside it: the address follows an encoded '='.
            pageView({ sessionId, url: `https://unsheet.app/login?next=%2Foffer%3Femail%3D${ENCODED[3]}`, title: 'Sign in' }),
            // A later visit of the same browser, with no address at all: still theirs.
            sessionStart({ sessionId: laterSessionId, url: 'https://unsheet.app/', visitorId }),
            pageView({ sessionId: laterSessionId, url: 'https://unsheet.app/account', title: `Welcome back, ${PERSON.name}` }),
          ],
        },
        { 'user-agent': BROWSER_UA },
      ),
    );
    const referrer = await ok(post(api, '/api/leads', { email: OTHERS[0] }));
    const joined = await ok(
      post(api, '/api/leads', { email: PERSON.typed, source_page: `/?email=${ENCODED[0]}`, ref: referrer.refCode, sessionId }),
    );
    // A page that does not exist, with the address in its path, twice encoded: recorded as PageNotFound.
    expect((await fetch(api.url(`/app/${ENCODED[3]}`))).status).toBe(404);
    expect((await fetch(api.url(`/app/${ENCODED[1]}`))).status).toBe(404);
    personCode = joined.refCode;
    await ok(post(api, '/api/leads', { email: OTHERS[1], ref: personCode }));
    // Both confirm, so both referrals count (and the person's address is in a LeadConfirmed too).
    await confirmLeads(api, PERSON.email, OTHERS[1]!);
    await ok(post(api, '/api/leads', { email: OTHERS[2] }));
    await ok(post(api, '/api/newsletter/subscriptions', { email: PERSON.typed, source_page: '/' }));
    await ok(post(api, '/api/newsletter/subscriptions', { email: OTHERS[2] }));
    await ok(post(api, '/api/suggestions', { email: PERSON.typed, suggestion_text: WORDS.suggestion }));
    await ok(post(api, '/api/quick-questions', { name: PERSON.name, email: PERSON.typed, message: WORDS.question }));
    await ok(post(api, '/api/quick-questions', { name: 'Bea Bystander', email: OTHERS[2], message: 'Unrelated question' }));
    await ok(
      post(api, '/api/developer-inquiries', {
        name: PERSON.name,
        email: PERSON.typed,
        message: WORDS.inquiry,
        portfolio_url: WORDS.portfolio,
      }),
    );
    await ok(
      post(api, '/api/quiz-results', {
        email: PERSON.typed,
        answers: [
          { question: 'What slows your team down the most?', answer: 'manual_work' },
          { question: 'Which part of the business needs it most?', answer: 'finance' },
          { question: 'How do you handle it today?', answer: 'spreadsheet' },
          { question: 'How many people would use it?', answer: 'small' },
        ],
      }),
    );
    await ok(post(api, '/api/auth/sign-up', { email: PERSON.typed, password: 'erin-secret', display_name: PERSON.name }));

    // The workers project the visit, the referral figures and the lead's session, and send every e-mail.
    await eventually(
      async () => {
        const { rows } = await sql<{ pending: number; sessions: number; linked: number }>`
        select (select count(*) from email_outbox where status = 'pending')::int as pending,
               (select count(*) from user_sessions)::int as sessions,
               (select count(*) from lead_sessions where session_id is not null)::int as linked`.execute(db);
        return rows[0]!.pending === 0 && rows[0]!.sessions === 2 && rows[0]!.linked === 1;
      },
      { timeout: 20_000 },
    );
    await eventually(async () => (await sql<{ n: number }>`select count(*)::int as n from email_outbox`.execute(db)).rows[0]!.n >= 4, {
      timeout: 10_000,
    });
    await eventually(() => emlFiles().some((file) => file.toLowerCase().includes(PERSON.email)), { timeout: 10_000 });

    for (const needle of [...NEEDLES, WORDS.question, WORDS.suggestion, WORDS.inquiry, WORDS.portfolio]) {
      expect((await traces(needle)).length, needle).toBeGreaterThan(0);
    }
    before = await figures();
    expect(before.counts).toMatchObject({ leads: 4, newsletter: 2, questions: 2, referrals: 2, lead_sessions: 4, sessions: 2, users: 2 });
  });

  it('leaves no trace of their address, name or messages anywhere, and every figure as it was', async () => {
    const files = emlFiles().length;
    const report = await erasePersonalData(db, PERSON.typed, {
      metadata: { userId: 'admin-1' },
      outboxDir: join(dataDir, 'outbox'),
      projections: api.app.get(ProjectionRunner),
    });
    expect(report.erasureId).toEqual(expect.any(String));
    expect(report.eventsMasked).toBeGreaterThan(5);
    expect(report.filesDeleted).toBeGreaterThan(0);
    expect(emlFiles().length).toBe(files - report.filesDeleted);
    // Every projection that read a masked event was rebuilt from the masked log.
    expect(report.projectionsRebuilt).toEqual(expect.arrayContaining(['leads', 'analytics-visits', 'referral-stats']));
    expect(report.projectionsRebuilt).not.toContain('email-reactor');

    for (const needle of [...NEEDLES, 'Erin-', WORDS.portfolio]) {
      expect(await traces(needle), needle).toEqual([]);
    }
    for (const file of emlFiles()) {
      for (const needle of NEEDLES) expect(file.toLowerCase()).not.toContain(needle.toLowerCase());
    }
    // Nobody else was touched.
    for (const other of [...OTHERS, 'Bea Bystander', 'Unrelated question']) expect((await traces(other)).length, other).toBeGreaterThan(0);

    expect(await figures()).toEqual(before);
    // The erasure is on record, with who asked and no personal data (the searches above include the log).
    const { rows } = await sql<{ data: any; metadata: any }>`select data, metadata from events where type = 'PersonalDataErased'`.execute(
      db,
    );
    expect(rows).toEqual([
      {
        data: {
          erasureId: report.erasureId,
          eventsMasked: report.eventsMasked,
          rowsMasked: report.rowsMasked,
          filesDeleted: report.filesDeleted,
        },
        metadata: { userId: 'admin-1' },
      },
    ]);
    // The person's code still counts the friend they brought.
    expect(before.codes.find((c) => c.code === personCode)).toMatchObject({ conversions: 1 });
  });

  it('finds nothing more to erase the second time', async () => {
    expect(await erasePersonalData(db, PERSON.email)).toEqual({
      erasureId: null,
      eventsMasked: 0,
      rowsMasked: 0,
      filesDeleted: 0,
      projectionsRebuilt: [],
    });
  });

  it('rebuilds the same read models from the masked log', async () => {
    const live = await readModels();
    await api.close();
    const runner = new ProjectionRunner(db, buildProjections(api.config), { batchSize: 1000 });
    for (const projection of buildProjections(api.config)) await runner.rebuild(projection.name);
    expect(await readModels()).toEqual(live);
    for (const needle of [...NEEDLES, 'Erin-', WORDS.portfolio]) expect(await traces(needle), needle).toEqual([]);
  });

  it('is what `npm run privacy:erase -- <email>` runs', async () => {
    await sql`insert into newsletter_subscriptions (email, source_page, subscribed_at) values ('cli.person@example.com', '/', now())`.execute(
      db,
    );
    const { code, output } = await run(['backend/src/cli/erase-personal-data.ts', 'CLI.Person@example.com'], {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
    });
    expect(output).toMatch(/Erased \(erasure [0-9a-f-]{36}\): 0 events masked, 1 read-model rows masked/);
    expect(output).not.toContain('cli.person');
    expect(code).toBe(0);
    expect(await traces('cli.person@example.com')).toEqual([]);
    const usage = await run(['backend/src/cli/erase-personal-data.ts'], { DATABASE_URL: database.url });
    expect(usage.code).toBe(2);
    expect(usage.output).toContain('Usage: npm run privacy:erase -- <email>');
  }, 60_000);
});

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', REDIS_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('erasing a person an e-mail could not reach', () => {
  it('leaves their address in no outbox row, no Redis key of the e-mail queue and no line the API logged', async () => {
    const smtp = await startSmtpServer();
    smtp.refuseRecipient(PERSON.email);
    const logged: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void logged.push(line) });
    const server = await startApi(
      { SMTP_URL: smtp.url, EMAIL_POLL_MS: '50', EMAIL_RETRY_BASE_MS: '50', EMAIL_MAX_ATTEMPTS: '2' },
      undefined,
      logger,
    );
    try {
      await ok(post(server, '/api/leads', { email: PERSON.typed, source_page: `/?email=${ENCODED[0]}` }));
      for (const encoded of ENCODED) await fetch(server.url(`/app/${encoded}`));
      await fetch(server.url(`/?email=${ENCODED[1]}&utm_source=mail`));
      const welcome = async () =>
        (await sql<{ status: string }>`select status from email_outbox where template = 'welcome'`.execute(server.database.handle.db))
          .rows[0]?.status;
      await eventually(async () => (await welcome()) === 'failed', { timeout: 20_000 });

      await erasePersonalData(server.database.handle.db, PERSON.email, { projections: server.app.get(ProjectionRunner) });

      const { rows } = await sql<{ row: string }>`select row_to_json(o)::text as row from email_outbox o`.execute(
        server.database.handle.db,
      );
      const redis = new Redis(server.config.REDIS_URL!);
      const stored: string[] = [];
      try {
        for (const key of await redis.keys(`${server.config.REDIS_PREFIX}:*`)) {
          const type = await redis.type(key);
          if (type === 'hash') stored.push(JSON.stringify(await redis.hgetall(key)));
          else if (type === 'string') stored.push((await redis.get(key)) ?? '');
          else if (type === 'list') stored.push(JSON.stringify(await redis.lrange(key, 0, -1)));
          else if (type === 'zset') stored.push(JSON.stringify(await redis.zrange(key, '0', '-1')));
        }
      } finally {
        redis.disconnect();
      }
      expect(stored.join('\n')).toContain('e-mails not sent');
      expect(logged.join('')).toContain('e-mail send failed');
      for (const [where, text] of [
        ['email_outbox', rows.map((row) => row.row).join('\n')],
        ['redis', stored.join('\n')],
        ['log', logged.join('')],
      ] as const) {
        for (const needle of NEEDLES) expect(text.toLowerCase(), `${where}: ${needle}`).not.toContain(needle.toLowerCase());
      }
    } finally {
      await server.close();
      await smtp.close();
    }
  }, 60_000);
});

describe('erasing a person whose name and address were kept in another case', () => {
  // How a visit keeps what a person is called: the tracker lower-cases a title's words into keywords, a URL
  // or a form may upper-case an address, a search box keeps the visitor's own spelling.
  const JUDITH = { email: 'judith@example.com', typed: 'Judith@Example.com', name: 'Judith Pereira' };
  const NEEDLES_IN_ANY_CASE = [JUDITH.email, emailKey(JUDITH.email), JUDITH.name, 'judith', 'pereira'];
  const BYSTANDER = { email: 'judy.bystander@example.com', name: 'Judy Bystander' };
  let server: ApiHarness;
  let own: TestDatabase;
  let folder: string;

  beforeAll(async () => {
    own = await createTestDatabase({ migrate: false });
    folder = mkdtempSync(join(tmpdir(), 'unsheet-erasure-case-'));
    server = await startApi({ DATA_DIR: folder, SMTP_URL: '', EMAIL_POLL_MS: '50', PROJECTION_POLL_MS: '100' }, own);
  }, 120_000);
  afterAll(async () => {
    await server?.close().catch(() => {});
    await own?.drop();
    rmSync(folder, { recursive: true, force: true });
  });

  /** `traces` of this test's database: every table, the events' data and metadata included. */
  async function found(needle: string): Promise<string[]> {
    const { rows: columns } = await sql<{ table_name: string; column_name: string }>`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE'
        and c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb')`.execute(own.handle.db);
    const hits: string[] = [];
    for (const { table_name, column_name } of columns) {
      const { rows } = await sql<{ value: string }>`
        select ${sql.ref(column_name)}::text as value from ${sql.table(table_name)}
        where strpos(lower(${sql.ref(column_name)}::text), ${needle.toLowerCase()}) > 0`.execute(own.handle.db);
      for (const row of rows) hits.push(`${table_name}.${column_name}: ${row.value.slice(0, 300)}`);
    }
    return hits;
  }

  it('finds their name and address in no table and no event, before or after every projection is rebuilt', async () => {
    const [earlier, joining, other] = [randomUUID(), randomUUID(), randomUUID()];
    const visitorId = randomUUID();
    await ok(
      post(
        server,
        '/api/analytics/collect',
        {
          events: [
            // An earlier visit of the same browser, with their address upper-cased and their name lower-cased.
            sessionStart({ sessionId: earlier, visitorId, url: 'https://unsheet.app/?utm_content=JUDITH@EXAMPLE.COM' }),
            pageView({
              sessionId: earlier,
              url: 'https://unsheet.app/u/judith-pereira?utm_term=JUDITH%40EXAMPLE.COM',
              title: 'Welcome back, JUDITH',
              potentialKeywords: ['judith pereira', 'judith', 'invoices', 'judith@example.com'],
            }),
            search({ sessionId: earlier, query: 'judith pereira invoices' }),
            search({ sessionId: earlier, query: 'PEREIRA' }),
            interaction({ sessionId: earlier, action: 'share', metadata: { label: 'Shared by judith', tags: ['PEREIRA', 'Judith'] } }),
            // The visit they joined in.
            sessionStart({ sessionId: joining, visitorId, url: 'https://unsheet.app/' }),
            pageView({
              sessionId: joining,
              url: 'https://unsheet.app/offer?who=Judith%20Pereira',
              title: "Judith Pereira's offer",
              potentialKeywords: ['judith', "pereira's", 'offer'],
            }),
            interaction({ sessionId: joining, action: 'cta_click', metadata: { who: 'Judith@Example.com', note: 'for JUDITH PEREIRA' } }),
            // Someone else's visit, searching for a name of their own.
            sessionStart({ sessionId: other, url: 'https://unsheet.app/' }),
            pageView({ sessionId: other, title: `${BYSTANDER.name}'s page`, potentialKeywords: ['judy', 'bystander'] }),
            search({ sessionId: other, query: 'judy bystander invoices' }),
          ],
        },
        { 'user-agent': BROWSER_UA },
      ),
    );
    await ok(post(server, '/api/leads', { email: JUDITH.typed, source_page: '/offer', sessionId: joining }));
    await ok(post(server, '/api/auth/sign-up', { email: 'JUDITH@EXAMPLE.COM', password: 'judith-secret', display_name: JUDITH.name }));
    await ok(post(server, '/api/quick-questions', { name: 'judith pereira', email: JUDITH.typed, message: 'Does it chase invoices?' }));
    await ok(post(server, '/api/leads', { email: BYSTANDER.email, source_page: '/' }));
    await ok(post(server, '/api/quick-questions', { name: BYSTANDER.name, email: BYSTANDER.email, message: 'A question of my own' }));
    await settled(server);
    const db = own.handle.db;
    const { rows } = await sql<{ sessions: number; searches: number; linked: number }>`
      select (select count(*) from user_sessions)::int as sessions, (select count(*) from demand_searches)::int as searches,
             (select count(*) from lead_sessions where session_id is not null)::int as linked`.execute(db);
    expect(rows[0]).toEqual({ sessions: 3, searches: 3, linked: 1 });
    for (const needle of NEEDLES_IN_ANY_CASE) expect((await found(needle)).length, needle).toBeGreaterThan(0);
    // Lower-cased, in the keywords of a page view and of its event.
    expect((await found('"judith pereira"')).some((hit) => hit.startsWith('page_views.potential_keywords'))).toBe(true);

    await erasePersonalData(db, JUDITH.typed, { outboxDir: join(folder, 'outbox'), projections: server.app.get(ProjectionRunner) });
    for (const needle of NEEDLES_IN_ANY_CASE) expect(await found(needle), needle).toEqual([]);

    // `npm run projections:rebuild -- all`, the API stopped: the masked log brings nothing back.
    await server.close();
    const rebuilt = await run(['backend/src/cli/rebuild-projections.ts', 'all'], { DATABASE_URL: own.url });
    expect(rebuilt.code, rebuilt.output).toBe(0);
    expect(rebuilt.output).toContain('analytics-demand: replayed');
    for (const needle of NEEDLES_IN_ANY_CASE) expect(await found(needle), needle).toEqual([]);

    // Their visits are still counted, and nobody else lost a word.
    const after = await sql<{ sessions: number; views: number; searches: number }>`
      select (select count(*) from user_sessions)::int as sessions, (select count(*) from page_views)::int as views,
             (select count(*) from demand_searches)::int as searches`.execute(db);
    expect(after.rows[0]).toEqual({ sessions: 3, views: 3, searches: 3 });
    for (const word of [BYSTANDER.email, BYSTANDER.name, 'judy', 'bystander', 'A question of my own']) {
      expect((await found(word)).length, word).toBeGreaterThan(0);
    }
  }, 90_000);
});
