/**
 * The lead export over HTTP on a real database: GET /api/admin/leads/export.csv gives one record per lead,
 * newest first, exact values read back by a CSV parser, no cell a spreadsheet would run, the tab's filter;
 * the public forms refuse a source page with a control character; and 20,000 leads come out whole and in order.
 */
import { sql } from 'kysely';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spreadsheetSafe, startsFormula } from '../../contracts/csv.js';
import { EXPORT_PAGE_SIZE } from '../src/early-access/waitlist/export-leads.query.js';
import { startApi, type ApiHarness } from './api-harness.js';
import { post } from './auth-helpers.js';

const HEADER = ['Email', 'Source Page', 'Date'];
const TODAY_FILE = () => `attachment; filename="unsheet-leads-${new Date().toISOString().slice(0, 10)}.csv"`;

/** The leads the API accepts, hostile to a CSV file or a spreadsheet, in the order they join. */
const JOINS: [email: string, sourcePage: string | null][] = [
  ['first@example.com', '/'],
  ['=1+1@example.com', '=1+1'],
  ['+sum@example.com', '+SUM(A1:A9)'],
  ['-minus@example.com', '-2+3'],
  ['at@example.com', '@SUM(1)'],
  ['spaced@example.com', ' =1+1'],
  ['comma@example.com', '/search?q=a,b'],
  ['quote@example.com', 'say "hi"'],
  ['link@example.com', '=HYPERLINK("http://evil.example","x")'],
  ['apostrophe@example.com', "'=already text"],
  ['unicode@example.com', '/é/😀'],
  ['none@example.com', null],
  ['empty@example.com', ''],
  ['finance@example.com', '/c/finance'],
  ['finance2@example.com', '/c/finance'],
];

let api: ApiHarness;

beforeAll(async () => {
  api = await startApi({ RUN_WORKERS: 'false' });
  await api.signInAsAdmin();
  for (const [email, source_page] of JOINS) {
    const response = await post(api, '/api/leads', { email, source_page });
    expect(response.status, `${email}: ${await response.clone().text()}`).toBe(201);
  }
});
afterAll(async () => {
  await api?.close();
});

const db = () => api.database.handle.db;

function exportCsv(harness: ApiHarness, query = '', headers: Record<string, string> = harness.headers) {
  return fetch(harness.url(`/api/admin/leads/export.csv${query}`), { headers });
}

function records(csv: string): string[][] {
  return parse(csv, { record_delimiter: '\r\n', bom: false }) as string[][];
}

/** An e-mail cell as it was stored (no address starts with an apostrophe: any is the guard's). */
const unguarded = (cell: string) => cell.replace(/^'/, '');

describe('GET /api/admin/leads/export.csv', () => {
  it('answers 401 without a token', async () => {
    const response = await exportCsv(api, '', {});
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('writes exactly one record per lead, newest first, with exact values and no formula', async () => {
    const response = await exportCsv(api);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(TODAY_FILE());
    const csv = await response.text();
    expect(csv.endsWith('\r\n')).toBe(true);
    const [header, ...rows] = records(csv);
    expect(header).toEqual(HEADER);
    expect(rows).toHaveLength(JOINS.length);

    const stored = await db()
      .selectFrom('leads')
      .select(['email', 'source_page', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('waitlist_position', 'desc')
      .execute();
    expect(rows).toEqual(
      stored.map((lead) =>
        [lead.email, lead.source_page ?? '', lead.created_at.toISOString().replace('T', ' ').slice(0, 19)].map(spreadsheetSafe),
      ),
    );
    expect(rows.map(([email]) => unguarded(email!))).toEqual(JOINS.map(([email]) => email).reverse());
    for (const cell of rows.flat()) expect(startsFormula(cell), cell).toBe(false);

    // What the spreadsheet shows: text for every formula, the leading space trimmed at the join.
    const byEmail = new Map(rows.map(([email, page]) => [unguarded(email!), page]));
    expect(byEmail.get('=1+1@example.com')).toBe("'=1+1");
    expect(byEmail.get('spaced@example.com')).toBe("'=1+1");
    expect(byEmail.get('link@example.com')).toBe('\'=HYPERLINK("http://evil.example","x")');
    expect(byEmail.get('quote@example.com')).toBe('say "hi"');
    expect(byEmail.get('comma@example.com')).toBe('/search?q=a,b');
    expect(byEmail.get('apostrophe@example.com')).toBe("'=already text");
    expect(byEmail.get('none@example.com')).toBe('');
    expect(rows.find(([email]) => email === "'=1+1@example.com")).toBeDefined();
    // Quoted only where RFC 4180 needs it.
    expect(csv).toContain('comma@example.com,"/search?q=a,b",');
    expect(csv).toContain('first@example.com,/,');
  });

  it('filters by source page as the Leads tab does, "(none)" for leads without one', async () => {
    const finance = records(await (await exportCsv(api, '?source_page=%2Fc%2Ffinance')).text());
    expect(finance.slice(1).map(([email]) => email)).toEqual(['finance2@example.com', 'finance@example.com']);
    const formula = records(await (await exportCsv(api, `?source_page=${encodeURIComponent('=1+1')}`)).text());
    expect(formula.slice(1).map(([email]) => unguarded(email!))).toEqual(['spaced@example.com', '=1+1@example.com']);
    const none = records(await (await exportCsv(api, '?source_page=(none)')).text());
    expect(none.slice(1).map(([email]) => email)).toEqual(['empty@example.com', 'none@example.com']);
    const nobody = await exportCsv(api, '?source_page=%2Fnowhere');
    expect(nobody.status).toBe(200);
    expect(await nobody.text()).toBe('Email,Source Page,Date\r\n');
  });

  it('refuses a filter that is not one text', async () => {
    const response = await exportCsv(api, `?source_page=${'x'.repeat(3000)}`);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: Record<string, string> }).fields).toHaveProperty('source_page');
  });
});

describe('a source page with a control character', () => {
  const HOSTILE: [string, string][] = [
    ['CR', '/a\r=1+1'],
    ['LF', '/a\n=1+1'],
    ['a lone CR', '\r'],
    ['a lone LF', '\n'],
    ['tab', '\t=1+1'],
    ['NUL', '/a\u0000'],
    ['ESC', '\u001b[31m/a'],
    ['DEL', '/a\u007f'],
    ['U+2028', '/a\u2028=1+1'],
  ];
  const FORMS: [
    path: string,
    body: (page: string) => Record<string, unknown>,
    table: 'leads' | 'newsletter_subscriptions' | 'suggestions',
  ][] = [
    ['/api/leads', (page) => ({ email: 'hostile@example.com', source_page: page }), 'leads'],
    ['/api/newsletter/subscriptions', (page) => ({ email: 'hostile@example.com', source_page: page }), 'newsletter_subscriptions'],
    ['/api/suggestions', (page) => ({ email: 'hostile@example.com', suggestion_text: 'A rota planner', source_page: page }), 'suggestions'],
  ];

  async function written(): Promise<number> {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from events`.execute(db());
    return rows[0]!.n;
  }

  it.each(FORMS)('is refused by POST %s with 400 naming the field, and nothing is written', async (path, body, table) => {
    const events = await written();
    const rows = await db()
      .selectFrom(table)
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow();
    for (const [name, page] of HOSTILE) {
      const response = await post(api, path, body(page));
      expect(response.status, name).toBe(400);
      expect(await response.json(), name).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'source_page: Control characters are not allowed.',
        fields: { source_page: 'Control characters are not allowed.' },
      });
    }
    expect(await written()).toBe(events);
    expect(
      await db()
        .selectFrom(table)
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual(rows);
  });
});

describe('20,000 leads', () => {
  const COUNT = 20_000;
  const BASE = Date.UTC(2026, 0, 1);
  let big: ApiHarness;

  beforeAll(async () => {
    big = await startApi({ RUN_WORKERS: 'false' });
    await big.signInAsAdmin();
    // Written straight into the read model. Three leads share each instant (microseconds included), so
    // equal times straddle the page boundaries; odd leads carry what the API now refuses (old rows may).
    await sql`
      insert into leads (id, email, source_page, referral_code, waitlist_position, created_at, mailbox, early_explorer)
      select gen_random_uuid(), 'lead-' || n || '@example.com',
        case when n % 2 = 0 then '/c/even' else '=odd,"' || n || E'"\r\n' end,
        'R' || n, n,
        timestamptz '2026-01-01 00:00:00.123457+00' + (n / 3) * interval '1 second',
        'lead-' || n || '@example.com', n <= 100
      from generate_series(1, ${COUNT}) as n`.execute(big.database.handle.db);
  }, 120_000);
  afterAll(async () => {
    await big?.close();
  });

  const expectedRow = (n: number) => [
    `lead-${n}@example.com`,
    n % 2 === 0 ? '/c/even' : `'=odd,"${n}"\r\n`,
    new Date(BASE + Math.floor(n / 3) * 1000).toISOString().replace('T', ' ').slice(0, 19),
  ];

  it('exports every one exactly once, newest first, across the pages', async () => {
    expect(COUNT).toBeGreaterThan(10 * EXPORT_PAGE_SIZE);
    const response = await exportCsv(big);
    expect(response.status).toBe(200);
    const [header, ...rows] = records(await response.text());
    expect(header).toEqual(HEADER);
    expect(rows).toHaveLength(COUNT);
    expect(rows[0]).toEqual(expectedRow(COUNT));
    expect(rows.at(-1)).toEqual(expectedRow(1));
    // Newest first with ties broken by position: exactly COUNT, COUNT-1, …, 1.
    const positions = rows.map(([email]) => Number(/^lead-(\d+)@/.exec(email!)![1]));
    expect(positions.every((n, i) => n === COUNT - i)).toBe(true);
    for (const i of [999, 1000, 1001, 12_345]) expect(rows[i]).toEqual(expectedRow(COUNT - i));
  });

  it('filters across the pages too', async () => {
    const rows = records(await (await exportCsv(big, '?source_page=%2Fc%2Feven')).text()).slice(1);
    expect(rows).toHaveLength(COUNT / 2);
    expect(rows[0]).toEqual(expectedRow(COUNT));
    expect(rows.at(-1)).toEqual(expectedRow(2));
  });
});
