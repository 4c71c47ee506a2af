/**
 * `npm run bench:first-screen`: the admin dashboard's first screen on an embedded install (PGlite) with data,
 * in Debian's Chromium: the time from the Sign In click to every card showing its figure, and the API
 * requests made meanwhile (sign-in included). Fills a data folder once (FIRST_SCREEN_DATA_DIR, else a
 * throw-away one): FIRST_SCREEN_PAGE_VIEWS page views (default 100,000) written and rolled up as
 * `npm run bench:dashboard` writes them, 120 leads, and a few suggestions, questions and inquiries; the
 * demo catalogue comes with the first start. Then starts the built app on it on port 3250 and signs in once
 * to warm up, then RUNS times (default 5), each in a new browser context. With BASELINE_DIR (another
 * checkout, built; BASELINE_LABEL names it in the table), measures that one first on the same data, to compare. Prints each run (when each request
 * and code chunk arrived) and writes its section of docs/performance.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'kysely';
import { fill, PAGES_PER_SESSION, rollUp } from './fill-visits.js';
import { grantAdmin } from '../src/identity/commands/grant-admin.js';
import { buildProjections } from '../src/projections.js';
import { loadConfig } from '../src/shared/config/config.js';
import { openDatabase } from '../src/shared/db/database.js';
import { EventStore } from '../src/shared/event-store/event-store.js';
import { PROJECT_ROOT } from '../src/shared/paths.js';
import { launchChromium } from '../../frontend/e2e/chromium.js';

const PORT = 3250;
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(process.env.RUNS ?? 5);
const PAGE_VIEWS = Number(process.env.FIRST_SCREEN_PAGE_VIEWS ?? 100_000);
const BASELINE_DIR = process.env.BASELINE_DIR ? resolve(process.env.BASELINE_DIR) : null;
const DATA_DIR = resolve(process.env.FIRST_SCREEN_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'unsheet-first-screen-')));
const ADMIN = { email: 'bench-admin@example.com', password: 'bench-secret' };
/** The dashboard's cards: the first row's seven, the four top cards and the five of the engagement row. */
const CARDS = 16;

const embedded = { ...process.env, DATA_DIR, DATABASE_URL: '', REDIS_URL: '', PORT: String(PORT), LOG_LEVEL: 'warn' };

/** Visits, leads and the administrator, written with the app stopped (PGlite's folder has one owner). */
async function fillData(): Promise<void> {
  const config = loadConfig(embedded);
  const { db, close } = await openDatabase({ dataDir: DATA_DIR });
  try {
    const sessions = Math.round(PAGE_VIEWS / PAGES_PER_SESSION);
    const started = performance.now();
    await fill(db, 0, sessions);
    await rollUp(db, 0, sessions);
    await sql`
      insert into leads (id, email, source_page, referral_code, waitlist_position, created_at, mailbox, early_explorer)
      select gen_random_uuid(), 'bench-' || n || '@example.com', '/bench', 'BENCH' || n, n,
        now() - n * interval '1 hour', 'bench-' || n || '@example.com', false
      from generate_series(1, 120) as n`.execute(db);
    const events = new EventStore(
      db,
      buildProjections(config).filter((p) => p.mode === 'inline'),
    );
    await grantAdmin(db, events, ADMIN);
    console.log(
      `Filled ${DATA_DIR}: ${PAGE_VIEWS.toLocaleString('en')} page views, ${sessions.toLocaleString('en')} sessions, 120 leads in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
  } finally {
    await close();
  }
}

async function startApp(appDir: string): Promise<ChildProcess> {
  const app = spawn(process.execPath, [join(appDir, 'backend/dist/backend/src/main.js')], {
    cwd: appDir,
    env: embedded,
    stdio: 'inherit',
  });
  for (let waited = 0; waited < 120_000; waited += 250) {
    if (app.exitCode !== null) throw new Error(`The app exited with ${app.exitCode}`);
    const ready = await fetch(`${BASE}/api/apps/top?limit=1`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return app;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error('The app did not answer within 2 minutes');
}

async function post(path: string, body: unknown): Promise<void> {
  const response = await fetch(`${BASE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
}

/** One sign-in: ms from the click to every card's figure, and the API requests made meanwhile. */
async function signIn(browser: Awaited<ReturnType<typeof launchChromium>>): Promise<{ ms: number; requests: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto(`${BASE}/admin/login`);
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  const requests: string[] = [];
  const sent = new Map<object, number>();
  // Each API request with when it left and when its answer was in, in ms after the click.
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) sent.set(request, performance.now() - started);
  });
  page.on('requestfinished', (request) => {
    const at = sent.get(request);
    if (at === undefined) return;
    const url = new URL(request.url());
    requests.push(`${request.method()} ${url.pathname} ${at.toFixed(0)}–${(performance.now() - started).toFixed(0)}`);
  });
  // Where the time goes besides the API: the route's code chunks.
  page.on('response', (response) => {
    if (response.url().endsWith('.js'))
      requests.push(`(js) ${new URL(response.url()).pathname.split('/').at(-1)} ${(performance.now() - started).toFixed(0)}`);
  });
  let started = performance.now();
  started = performance.now();
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  // Runs in the page (this file is compiled without the DOM's types).
  await page.waitForFunction(
    (cards: number) => {
      const figures: { textContent: string | null }[] = [...(globalThis as any).document.querySelectorAll('[data-testid^="stat-"]')];
      return figures.length >= cards && figures.every((figure) => figure.textContent !== '—');
    },
    CARDS,
    { timeout: 60_000, polling: 'raf' },
  );
  const ms = performance.now() - started;
  await context.close();
  return { ms, requests };
}

interface Result {
  appDir: string;
  median: number;
  min: number;
  max: number;
  requests: number;
}

/** The app of `appDir` on the data folder: a warm-up sign-in, then RUNS. */
async function measure(appDir: string, fresh: boolean): Promise<Result> {
  const app = await startApp(appDir);
  try {
    if (fresh) {
      // Feedback for the cards and the tab labels.
      await post('/api/suggestions', { email: 'ideas@example.com', suggestion_text: 'A rota planner for cafés', source_page: '/' });
      await post('/api/quick-questions', { name: 'Linus', email: 'linus@example.com', message: 'Does it import CSV files?' });
      await post('/api/developer-inquiries', { name: 'Grace', email: 'grace@example.com', message: 'I build small tools.' });
    }
    const browser = await launchChromium();
    try {
      console.log(`${appDir}: warm-up ${(await signIn(browser)).ms.toFixed(0)} ms`);
      const times: number[] = [];
      let apiRequests = 0;
      for (let run = 1; run <= RUNS; run++) {
        const { ms, requests } = await signIn(browser);
        times.push(ms);
        apiRequests = requests.filter((request) => !request.startsWith('(js)')).length;
        console.log(`run ${run}: ${ms.toFixed(0)} ms, ${apiRequests} API requests; ms after the click: ${requests.join(', ')}`);
      }
      times.sort((a, b) => a - b);
      const result = { appDir, median: times[Math.floor(times.length / 2)]!, min: times[0]!, max: times.at(-1)!, requests: apiRequests };
      console.log(
        `Sign-in to cards visible: median ${result.median.toFixed(0)} ms of ${RUNS} (min ${result.min.toFixed(0)}, max ${result.max.toFixed(0)})\n`,
      );
      return result;
    } finally {
      await browser.close();
    }
  } finally {
    app.kill('SIGTERM');
    await new Promise((done) => app.once('exit', done));
  }
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' / ');

function section(results: Result[], loadAtStart: string): string {
  const ms = (n: number) => n.toFixed(0);
  const row = (r: Result) =>
    `| ${r.appDir === PROJECT_ROOT ? 'this checkout' : (process.env.BASELINE_LABEL ?? '`' + r.appDir + '`')} | ${r.requests} | ${ms(r.median)} | ${ms(r.min)}–${ms(r.max)} |`;
  return `<!-- first-screen -->
## Admin dashboard first screen (backend/bench/dashboard-first-screen.bench.ts)
\`${BASELINE_DIR ? `BASELINE_DIR=${BASELINE_DIR} ` : ''}FIRST_SCREEN_PAGE_VIEWS=${PAGE_VIEWS} npm run bench:first-screen\` on ${new Date().toISOString().slice(0, 10)}:
${cpus().length} × ${cpus()[0]?.model.trim()}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node.js ${process.version}, the app embedded (PGlite), Debian's
Chromium on the same cores. Load average (1 / 5 / 15 min) at the start: ${loadAtStart}, at the end: ${load()}${
    Number(loadAtStart.split(' / ')[0]) > cpus().length
      ? ' (above the cores: other work was competing for them and every figure is depressed by it)'
      : ''
  }.

From the Sign In click to the dashboard's ${CARDS} cards each showing its figure, on ${PAGE_VIEWS.toLocaleString('en')} page views
(${Math.round(PAGE_VIEWS / PAGES_PER_SESSION).toLocaleString('en')} sessions over 60 days, rolled up), 120 leads and the demo catalogue: the median of ${RUNS} sign-ins
after one warm-up, each in a new browser context. The API requests include signing in (sign-in and refresh).
The first screen is one read, \`GET /api/admin/overview\`, which the admin layout starts as soon as the session is
known, while the dashboard's code loads; each run prints when every request and code chunk arrived.

| app | API requests | median ms | min–max ms |
|---|---|---|---|
${results.map(row).join('\n')}

Target: under 1,000 ms.
<!-- /first-screen -->
`;
}

function writeSection(text: string): void {
  const file = join(PROJECT_ROOT, 'docs', 'performance.md');
  const current = readFileSync(file, 'utf8');
  const marked = /<!-- first-screen -->[\s\S]*<!-- \/first-screen -->\n/;
  writeFileSync(
    file,
    marked.test(current)
      ? current.replace(marked, text)
      : current.replace('## Why it is built this way', `${text}\n## Why it is built this way`),
  );
  console.log('Wrote its section of docs/performance.md');
}

const loadAtStart = load();
const fresh = !existsSync(join(DATA_DIR, 'pglite'));
if (fresh) await fillData();
const results: Result[] = [];
if (BASELINE_DIR) results.push(await measure(BASELINE_DIR, fresh));
results.push(await measure(PROJECT_ROOT, fresh && !BASELINE_DIR));
const text = section(results, loadAtStart);
console.log(text);
writeSection(text);
