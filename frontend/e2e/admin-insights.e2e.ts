/**
 * The admin's insight screens in Chromium against the built server: a lead seeded over HTTP (two visits,
 * a quiz result, referral clicks and a friend who joined through the link) on its detail page, the
 * not-found view, the analytics page (daily chart, panel tabs, CSV upload, Refresh Data) and the audit
 * trail after an admin change. Screenshots at desktop width and at 375 px.
 */
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { sql, type RawBuilder } from 'kysely';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  BROWSER_UA,
  interaction,
  pageTime,
  pageView,
  sessionEnd,
  sessionStart,
} from '../../backend/src/analytics/testing/tracker-events.js';
import { eventually } from '../../backend/src/shared/testing/eventually.js';
import { SCREENSHOTS_DIR, confirmLead, useSite, visit } from './browser.js';

const site = useSite();
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };
const ADMIN = { email: 'insights@example.com', password: 'insights-secret' };
const INVOICE_CHASER = 'e6da6834-8d35-468b-a06e-e8d7d48dda00';
const today = new Date().toISOString().slice(0, 10);
const at = (time: string) => `${today}T${time}.000Z`;
const [S1, S2, OTHER] = [randomUUID(), randomUUID(), randomUUID()];
let leadId: string;
let referralCode: string;

function post(path: string, body: unknown) {
  return fetch(`${site.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA },
    body: JSON.stringify(body),
  });
}

function page(sessionId: string, time: string, path: string, seconds: number) {
  const pageViewId = randomUUID();
  return [
    pageView({ sessionId, pageViewId, at: at(time), url: `https://unsheet.app${path}`, title: `Page ${path}` }),
    pageTime({ sessionId, pageViewId, at: at(time), seconds }),
  ];
}

async function one<T>(query: RawBuilder<T>): Promise<T | undefined> {
  return (await query.execute(site.db)).rows[0];
}

async function toastText(page: Page, title: string): Promise<string> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: title }).first();
  await toast.waitFor();
  return (await toast.innerText()).replace(/\s+/g, ' ').trim();
}

async function signedInPage(viewport = DESKTOP): Promise<Page> {
  const page = await site.browser.newPage({ viewport });
  await visit(page, `${site.url}/admin/login`);
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${site.url}/admin/dashboard`);
  // Let the console settle: leaving while it still refreshes the session would present a rotated token.
  await page.getByRole('button', { name: 'Logout' }).waitFor();
  await page.waitForLoadState('networkidle');
  return page;
}

/** Fails if the page is wider than the viewport (nothing may need sideways scrolling at 375 px). */
async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

beforeAll(async () => {
  const env = { ...process.env, DATABASE_URL: site.database.url, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  await promisify(execFile)('npx', ['tsx', 'backend/src/cli/grant-admin.ts', ADMIN.email, '--password', ADMIN.password], { env });

  const visitor = randomUUID();
  const collected = await post('/api/analytics/collect', {
    events: [
      sessionStart({ sessionId: S1, visitorId: visitor, at: at('09:00:00'), parsedReferrer: 'google', trafficType: 'search' }),
      ...page(S1, '09:00:01', '/', 30),
      ...page(S1, '09:00:31', '/app/invoice-chaser', 45),
      interaction({ sessionId: S1, appId: INVOICE_CHASER, action: 'cta_click', at: at('09:00:40') }),
      sessionEnd({ sessionId: S1, at: at('09:01:30'), timeOnSite: 90, pagesViewed: 2 }),
      sessionStart({ sessionId: S2, visitorId: visitor, at: at('11:00:00') }),
      ...page(S2, '11:00:01', '/c/productivity', 20),
      sessionEnd({ sessionId: S2, at: at('11:00:40'), timeOnSite: 40, pagesViewed: 1 }),
      sessionStart({
        sessionId: OTHER,
        visitorId: randomUUID(),
        at: at('10:00:00'),
        utm: { source: 'newsletter', medium: 'email', campaign: 'launch', term: null, content: null },
      }),
      ...page(OTHER, '10:00:01', '/about', 500),
    ],
  });
  expect(collected.status).toBe(202);

  const joined = await post('/api/leads', { email: 'ada@example.com', source_page: '/app/invoice-chaser', sessionId: S1 });
  expect(joined.status).toBe(201);
  referralCode = ((await joined.json()) as { refCode: string }).refCode;
  for (let i = 0; i < 2; i++) expect((await post(`/api/referrals/${referralCode}/clicks`, {})).status).toBe(201);
  expect((await post('/api/leads', { email: 'friend@example.com', ref: referralCode })).status).toBe(201);
  // A friend's join counts for the referrer once the friend confirms their address.
  await confirmLead(site, 'friend@example.com');
  const answers = [
    { question: 'What slows your team down the most?', answer: 'manual_work' },
    { question: 'Which part of the business needs it most?', answer: 'finance' },
    { question: 'How do you handle it today?', answer: 'spreadsheet' },
    { question: 'How many people would use it?', answer: 'small' },
  ];
  expect((await post('/api/quiz-results', { email: 'ada@example.com', answers })).status).toBe(201);

  leadId = (await one<{ id: string }>(sql`select id from leads where email = 'ada@example.com'`))!.id;
  await eventually(
    async () => {
      const [views, link, code] = await Promise.all([
        one<{ n: number }>(sql`select count(*)::int as n from page_views`),
        one<{ session_id: string }>(sql`select session_id from lead_sessions where lead_id = ${leadId}`),
        one<{ clicks: number; signups: number }>(sql`select clicks, signups from referral_stats where code = ${referralCode}`),
      ]);
      return views?.n === 4 && link?.session_id === S1 && code?.clicks === 2 && code.signups === 1;
    },
    { timeout: 20_000 },
  );
});

describe('lead detail', () => {
  it('shows the lead’s tiles, badges, timeline, quiz result, referral performance and changes', async () => {
    // An admin change to this lead, as the lead commands record one (the acting admin in the metadata).
    const admin = (await one<{ id: string }>(sql`select id from users where email = ${ADMIN.email}`))!;
    await sql`insert into events (stream_id, stream_version, type, data, metadata)
              values (${`lead-${leadId}`}, 1, 'LeadNoteAdded', ${JSON.stringify({ leadId, note: 'Called' })}::jsonb,
                      ${JSON.stringify({ userId: admin.id })}::jsonb)`.execute(site.db);

    const page = await signedInPage();
    await visit(page, `${site.url}/admin/leads/${leadId}`);
    await page.getByRole('heading', { name: 'ada@example.com' }).waitFor();
    expect(await page.getByText(/^Joined [A-Z][a-z]{2} \d{1,2}, \d{4}$/).count()).toBe(1);

    const tile = async (label: string) => (await page.locator(`[data-tile="${label}"]`).innerText()).replace(/\s+/g, ' ');
    expect(await tile('Total Sessions')).toBe('Total Sessions 2');
    expect(await tile('Pages Visited')).toBe('Pages Visited 3');
    expect(await tile('Total Time')).toBe('Total Time 2m 10s'); // 90 s + 40 s
    expect(await tile('Avg Session')).toBe('Avg Session 1m 5s');
    await page.getByText('Source: /app/invoice-chaser').waitFor();
    await page.getByText(`Referral Code: ${referralCode} (1 conversion)`).waitFor();
    // Her standing: not confirmed yet, first on the list, joined without a referral.
    const standing = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Standing' }) });
    expect((await standing.locator('[data-standing="status"]').innerText()).replace(/\s+/g, ' ')).toMatch(
      /^Status Pending #1 on the list /,
    );
    expect((await standing.locator('[data-standing="referral"]').innerText()).replace(/\s+/g, ' ')).toBe('Joined through No referral');

    // Newest first: the second visit, then the first with its click and pages.
    const timeline = page.getByRole('list', { name: 'Activity Timeline' });
    const items = await timeline
      .locator(':scope > li')
      .evaluateAll((lis) => lis.map((li) => li.querySelector('p')!.textContent!.replace(/\s+/g, ' ').trim()));
    expect(items).toEqual([
      'Viewed Page /c/productivity',
      'Session started direct',
      'Clicked an app’s call to action · Invoice Chaser',
      'Viewed Page /app/invoice-chaser',
      'Viewed Page /',
      'Session started google',
    ]);
    expect(await timeline.innerText()).not.toContain('/about'); // another visitor's page

    await page.getByRole('heading', { name: 'Quiz Results' }).waitFor();
    expect(await page.getByText(/^Recommended: /).count()).toBe(1);
    // Each answer after its question as asked ('…?' and no colon after it).
    await page.getByText('What slows your team down the most? manual_work', { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'Referral Performance' }).waitFor();
    const figure = (label: string) => page.locator(`[data-figure="${label}"] dd`).innerText();
    expect([await figure('Total Clicks'), await figure('Conversions'), await figure('Revenue Earned')]).toEqual(['2', '1', '€0.00']);

    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-lead-detail.png`, fullPage: true });
    const changes = page.getByRole('list', { name: 'Changes' });
    await expect
      .poll(async () => (await changes.innerText()).replace(/\s+/g, ' '))
      .toMatch(/^LeadNoteAdded insights@example\.com · [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} UTC$/);

    await page.setViewportSize(PHONE);
    await page.getByRole('heading', { name: 'ada@example.com' }).waitFor();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-lead-detail-375.png`, fullPage: true });

    await page.getByRole('link', { name: '← Back to Leads' }).click();
    await page.waitForURL(`${site.url}/admin/leads`);
    await page.close();
  });

  it('hides Quiz Results and Referral Performance when the lead has none', async () => {
    // A lead whose referral record is gone (no referral read model row) and who never took the quiz.
    await post('/api/leads', { email: 'quiet@example.com' });
    const quiet = (await one<{ id: string; referral_code: string }>(
      sql`select id, referral_code from leads where email = 'quiet@example.com'`,
    ))!;
    await sql`delete from referral_codes where code = ${quiet.referral_code}`.execute(site.db);
    const page = await signedInPage();
    await visit(page, `${site.url}/admin/leads/${quiet.id}`);
    await page.getByRole('heading', { name: 'quiet@example.com' }).waitFor();
    await page.getByText('No activity recorded for this lead.').waitFor();
    expect(await page.getByRole('heading', { name: 'Quiz Results' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: 'Referral Performance' }).count()).toBe(0);
    expect(await page.getByText(/^Referral Code:/).count()).toBe(0);
    await page.close();
  });

  it('shows the not-found view and a toast, then goes back to the leads', async () => {
    const page = await signedInPage();
    await visit(page, `${site.url}/admin/leads/${randomUUID()}`);
    await page.getByRole('heading', { name: 'Lead not found' }).waitFor();
    expect(await page.getByRole('link', { name: '← Back to Leads' }).count()).toBe(1);
    expect(await toastText(page, 'Lead not found')).toBe('Lead not found The requested lead could not be found.');
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-lead-not-found.png` });
    await page.waitForURL(`${site.url}/admin/leads`, { timeout: 10_000 });
    await page.close();
  });
});

describe('analytics page and audit trail', () => {
  it('draws the daily chart and the panel’s tabs, records a Queries CSV, and the audit trail shows who did it', async () => {
    const page = await signedInPage();
    await visit(page, `${site.url}/admin/analytics`);

    // Daily chart: today's 3 sessions and 4 page views, two lines drawn.
    await expect.poll(() => page.locator('p[aria-live="polite"]').innerText(), { timeout: 20_000 }).toBe('3 sessions · 4 page views');
    await expect.poll(() => page.locator('.recharts-line path.recharts-curve').count()).toBe(2);
    await page.getByLabel('From', { exact: true }).fill('2026-02-10');
    await page.getByLabel('To', { exact: true }).fill('2026-02-01');
    await page.getByRole('alert').filter({ hasText: 'The end date must not be before the start date.' }).waitFor();
    await page.getByLabel('To', { exact: true }).fill(today);
    await page.getByLabel('From', { exact: true }).fill(new Date(Date.now() - 13 * 86_400_000).toISOString().slice(0, 10));

    // Search Queries: nothing yet; upload an export.
    await page.getByText('No search query data yet. Refresh Data, or upload a Search Console Queries CSV.').waitFor();
    await page.getByLabel('Search Console Queries CSV', { exact: true }).setInputFiles({
      name: 'Queries.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Top queries,Clicks,Impressions,CTR,Position\nspreadsheet ai,4,100,4%,3.5\ninvoice tool,1,50,2%,12\n'),
    });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await page.getByLabel('Period start').fill(yesterday);
    await page.getByLabel('Period end').fill(today);
    await page.getByRole('button', { name: 'Upload CSV' }).click();
    expect(await toastText(page, 'Search queries imported')).toBe(
      `Search queries imported 2 queries recorded for ${yesterday} to ${today}.`,
    );
    const queries = page.getByRole('table', { name: 'Search queries' });
    await queries.waitFor();
    expect(await queries.locator('tbody tr').allInnerTexts()).toEqual([
      'spreadsheet ai\t4\t100\t4.00%\t3.5',
      'invoice tool\t1\t50\t2.00%\t12.0',
    ]);
    expect(await queries.locator('[data-top]').evaluateAll((badges) => badges.map((b) => b.getAttribute('data-top')))).toEqual([
      'true',
      'false',
    ]);

    // Refresh Data without Search Console credentials: the server's reason, the data reloaded.
    await page.getByRole('button', { name: 'Refresh Data' }).click();
    await page.getByText('Search Console is not connected (SEARCH_CONSOLE_CREDENTIALS). Import a Queries CSV export instead.').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-analytics.png`, fullPage: true });

    await page.getByRole('tab', { name: 'Traffic Sources' }).click();
    const sources = page.getByRole('table', { name: 'Traffic sources' });
    await sources.waitFor();
    expect(await sources.locator('tbody tr').allInnerTexts()).toEqual(['Direct\tdirect\t2', 'Search\tgoogle\t1']);
    // By channel: the newsletter's visit is e-mail, not its session's traffic type (direct).
    await page.getByRole('img', { name: 'Visits by channel: Direct 1, E-mail 1, Organic search 1' }).waitFor();
    await expect.poll(() => page.locator('.recharts-bar-rectangle').count()).toBe(3);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-analytics-sources.png`, fullPage: true });

    await page.getByRole('tab', { name: 'UTM Campaigns' }).click();
    const utm = page.getByRole('table', { name: 'UTM campaigns' });
    await utm.waitFor();
    expect(await utm.locator('tbody tr').allInnerTexts()).toEqual(['newsletter\temail\tlaunch\t1']);

    await page.setViewportSize(PHONE);
    await page.getByRole('tab', { name: 'Search Queries' }).click();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-analytics-375.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);

    // The audit trail: the upload, by this admin, now.
    await visit(page, `${site.url}/admin/audit`);
    await page.getByRole('heading', { name: 'Audit Trail' }).waitFor();
    // The heading comes with the page; the rows with the trail's read.
    await page.locator('tbody tr').first().waitFor();
    const rows = await page.locator('tbody tr').allInnerTexts();
    expect(rows[0]).toMatch(
      new RegExp(
        `^[A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{2}:\\d{2} UTC\\t${ADMIN.email}\\tImported 2 search queries from a Search Console CSV \\(${yesterday} to ${today}\\)\\tSearch queries$`,
      ),
    );
    // The Record column names the record, as its module does: the lead's address masked, not its stream id.
    expect(rows.find((row) => row.includes('LeadNoteAdded'))).toMatch(/\tLeadNoteAdded\tLead: ad\*\*\*@example\.com$/);
    expect(rows.join('\n')).not.toMatch(/lead-[0-9a-f-]{36}|search-queries/);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-audit.png`, fullPage: true });
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    const first = await page.getByRole('list', { name: 'Audit trail' }).locator('li').first().innerText();
    expect(first.replace(/\s+/g, ' ')).toMatch(
      new RegExp(
        `^Imported 2 search queries from a Search Console CSV \\(${yesterday} to ${today}\\) Search queries ${ADMIN.email} · .* UTC$`,
      ),
    );
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-audit-375.png`, fullPage: true });
    await page.close();
  });
});
