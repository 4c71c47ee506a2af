/**
 * The admin dashboard in Chromium against the built server: an administrator signs in and walks every tab
 * (the URL follows the tab, and a tab's URL opens it), exports the leads, deletes one, triages a suggestion,
 * reads and annotates a question, answers an inquiry, and uses the Settings panels, queue dashboard included.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { sql } from 'kysely';
import { BROWSER_UA, pageView, sessionStart } from '../../backend/src/analytics/testing/tracker-events.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS_DIR, followRequests, reload, useSite, visit } from './browser.js';

const site = useSite();
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };

async function toastText(page: Page, title: string): Promise<string> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: title }).first();
  await toast.waitFor();
  return (await toast.innerText()).replace(/\s+/g, ' ').trim();
}

async function send(path: string, body: unknown): Promise<void> {
  const response = await fetch(`${site.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, `${path}: ${await response.clone().text()}`).toBe(201);
}

/** The administrator every test signs in as, made before any test so that each one also runs alone. */
async function createAdmin(): Promise<void> {
  const env = { ...process.env, DATABASE_URL: site.database.url, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  await promisify(execFile)('npx', ['tsx', 'backend/src/cli/grant-admin.ts', 'boss@example.com', '--password', 'boss-secret'], { env });
}

async function arrange(): Promise<void> {
  await send('/api/leads', { email: 'first@example.com', source_page: '/' });
  await send('/api/leads', { email: 'finance@example.com', source_page: '/c/finance' });
  // A source page a spreadsheet would run as a formula: the export must neutralise it.
  await send('/api/leads', { email: 'sneaky@example.com', source_page: '=HYPERLINK("http://evil.example","x")' });
  await send('/api/suggestions', {
    email: 'ideas@example.com',
    suggestion_text: 'A rota planner for cafés',
    category: 'HR & Recruiting',
    source_page: '/c/hr',
  });
  await send('/api/quick-questions', { name: 'Linus', email: 'linus@example.com', message: 'Does it import CSV files from my bank?' });
  await send('/api/developer-inquiries', {
    name: 'Grace',
    email: 'grace@example.com',
    message: 'I build small tools for accountants.',
    linkedin_url: 'https://www.linkedin.com/in/grace',
    portfolio_url: 'https://grace.example.dev',
  });
}

async function signIn(page: Page): Promise<void> {
  await visit(page, `${site.url}/admin/login`);
  await page.getByLabel('Email', { exact: true }).fill('boss@example.com');
  await page.getByLabel('Password', { exact: true }).fill('boss-secret');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${site.url}/admin/dashboard`);
  await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
}

const stat = (page: Page, label: string) => page.getByTestId(`stat-${label}`).innerText();
// includeHidden: behind an open dialog the page is aria-hidden, and the tab labels are still checked then.
const tab = (page: Page, name: string | RegExp) => page.getByRole('tab', { name, includeHidden: true });

describe('admin dashboard in Chromium', () => {
  beforeAll(createAdmin, 120_000);

  it('walks every tab, exports, deletes, triages and annotates, each showing at once', async () => {
    await arrange();
    const context = await site.browser.newContext({ viewport: DESKTOP, acceptDownloads: true, timezoneId: 'UTC' });
    const page = await context.newPage();
    const requests = followRequests(page);
    await signIn(page);

    // Top cards and engagement row, from the real figures.
    await expect.poll(() => stat(page, 'Total Apps')).toBe('16');
    await expect.poll(() => stat(page, 'Early Explorers')).toBe('3/100');
    await expect.poll(() => stat(page, 'Suggestions')).toBe('1');
    expect(await stat(page, 'Total Views')).toMatch(/^\d{1,3}(,\d{3})*$/);
    expect(await stat(page, 'Avg. Time on Site')).toMatch(/^\d+m \d+s$/);
    expect(await stat(page, 'Pages per Visit')).toMatch(/^\d+\.\d$/);
    expect(await stat(page, 'Quiz Completion')).toMatch(/^[\d.]+%$/);
    expect(await stat(page, 'Returning Visitors')).toMatch(/^[\d.]+%$/);
    expect(await page.getByRole('progressbar', { name: 'Early Explorer spots taken' }).getAttribute('aria-valuenow')).toBe('3');
    // What each top card gained today, against yesterday: nothing had arrived before today in this database.
    const change = (figure: string) => page.getByTestId(`change-${figure}`).innerText();
    await expect.poll(() => change('appsAdded')).toBe('16 added · No data for the previous day');
    expect(await change('leadsJoined')).toBe('3 joined · No data for the previous day');
    expect(await change('appViews')).toBe('0 counted · No data for the previous day');
    expect(await change('suggestionsReceived')).toBe('1 received · No data for the previous day');

    // Overview: the most popular apps, 5 a page.
    expect(await tab(page, 'Overview').getAttribute('aria-selected')).toBe('true');
    const popular = page.getByRole('list', { name: 'Most popular apps' });
    await expect.poll(() => popular.getByRole('listitem').count()).toBe(5);
    await page.getByText('Page 1', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);
    const firstApp = await popular.getByRole('listitem').first().getByRole('link').first().innerText();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByText('Page 2', { exact: true }).waitFor();
    await expect.poll(() => popular.getByRole('listitem').first().getByRole('link').first().innerText()).not.toBe(firstApp);
    await page.getByRole('button', { name: 'Previous' }).click();
    await page.getByText('Page 1', { exact: true }).waitFor();
    expect(
      await popular
        .getByRole('link', { name: /^Edit / })
        .first()
        .getAttribute('href'),
    ).toMatch(/^\/admin\/apps\/edit\/[0-9a-f-]{36}$/);
    expect(await page.getByRole('link', { name: 'Add Apps' }).getAttribute('href')).toBe('/admin/apps');
    expect(await page.getByRole('link', { name: 'Import Apps' }).getAttribute('href')).toBe('/admin/apps/import');
    expect(await page.getByRole('link', { name: 'Google Ads CSV Generator' }).getAttribute('href')).toBe('/admin/apps/google-ads-csv');
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-dashboard-overview.png`, fullPage: true });

    // Export Leads: the server's CSV (fetched with the token), named with the product and the date, RFC 4180,
    // the formula neutralised.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export Leads' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^unsheet-leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = await readFile((await download.path())!, 'utf8');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Email,Source Page,Date');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual(['sneaky@example.com', 'finance@example.com', 'first@example.com']);
    expect(lines[1]).toMatch(/^sneaky@example\.com,"'=HYPERLINK\(""http:\/\/evil\.example"",""x""\)",\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(await toastText(page, 'Export successful!')).toBe('Export successful! 3 leads exported to CSV.');

    // Leads: the URL follows the tab; the filter; deleting shows at once.
    await tab(page, 'Leads (3)').click();
    await page.waitForURL(`${site.url}/admin/leads`);
    const leadsTitle = page.getByRole('heading', { name: /^Early Explorer Leads/ });
    expect(await leadsTitle.innerText()).toBe('Early Explorer Leads (3/100)');
    const filter = page.getByLabel('Filter by source page');
    const options = await filter.locator('option').allInnerTexts();
    expect(options[0]).toBe('All Pages (3)');
    expect(options.slice(1).sort()).toEqual(['/ (1)', '/c/finance (1)', '=HYPERLINK("http://evil.example","x") (1)'].sort());
    await filter.selectOption('/c/finance');
    // The server filters: the title and the rows follow once its page arrives.
    await expect.poll(() => leadsTitle.innerText()).toBe('Early Explorer Leads (1/3)');
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    expect(await page.getByRole('navigation', { name: 'Leads pages' }).innerText()).toContain('Showing 1–1 of 1');
    // Export CSV keeps the filter: the server writes that page's leads only.
    const [filtered] = await Promise.all([
      page.waitForEvent('download'),
      page.waitForResponse((response) => response.url().endsWith('/api/admin/leads/export.csv?source_page=%2Fc%2Ffinance')),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(filtered.suggestedFilename()).toMatch(/^unsheet-leads-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await readFile((await filtered.path())!, 'utf8')).toMatch(
      /^Email,Source Page,Date\r\nfinance@example\.com,\/c\/finance,\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\r\n$/,
    );
    await page.locator('[data-sonner-toast]').filter({ hasText: '1 lead exported to CSV.' }).first().waitFor();
    await page.getByRole('button', { name: 'Clear Filter' }).click();
    await expect.poll(() => leadsTitle.innerText()).toBe('Early Explorer Leads (3/100)');
    // The search is the server's too: part of an address, any case.
    await page.getByLabel('Search leads by e-mail').fill('FIRST@');
    await expect.poll(() => leadsTitle.innerText()).toBe('Early Explorer Leads (1/3)');
    expect(await page.getByRole('cell', { name: 'first@example.com', exact: true }).count()).toBe(1);
    await page.getByLabel('Search leads by e-mail').fill('');
    await expect.poll(() => leadsTitle.innerText()).toBe('Early Explorer Leads (3/100)');
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-dashboard-leads.png`, fullPage: true });

    // Deleting erases a person: a dialog names the address first, and Cancel changes nothing.
    await page.getByRole('button', { name: 'Delete sneaky@example.com' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete this lead for good?' });
    // What the dialog says happens is what happens: the person leaves the counts (the Early Explorers figure and
    // the leads joined in the period), and the others keep their places.
    expect(await confirm.getByRole('paragraph').innerText()).toBe(
      'sneaky@example.com will be erased everywhere: their place on the list, their e-mail address, name and messages (in ' +
        'suggestions, questions and e-mails sent to them) and the pages they visited. The lead counts (Early Explorers, leads ' +
        'joined) drop by one; everyone else keeps their position. This cannot be undone.',
    );
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-dashboard-delete-lead.png` });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await leadsTitle.innerText()).toBe('Early Explorer Leads (3/100)');
    await page.getByRole('button', { name: 'Delete sneaky@example.com' }).click();
    await confirm.getByRole('button', { name: 'Delete lead' }).click();
    expect(await toastText(page, 'Lead deleted')).toBe('Lead deleted The lead has been successfully removed.');
    await page.getByRole('cell', { name: 'sneaky@example.com', exact: true }).waitFor({ state: 'detached' });
    await expect.poll(() => leadsTitle.innerText()).toBe('Early Explorer Leads (2/100)');
    await tab(page, 'Leads (2)').waitFor();
    await expect.poll(() => stat(page, 'Early Explorers')).toBe('2/100');
    await expect.poll(() => change('leadsJoined')).toBe('2 joined · No data for the previous day');
    expect(new URL(page.url()).pathname).toBe('/admin/leads');
    // A row opens the lead's page.
    await page.getByRole('cell', { name: 'finance@example.com', exact: true }).click();
    await page.waitForURL(/\/admin\/leads\/[0-9a-f-]{36}$/);
    await page.goBack();
    await page.waitForURL(`${site.url}/admin/leads`);

    // Suggestions: a status button changes the badge at once.
    await tab(page, 'Suggestions (1)').click();
    await page.waitForURL(`${site.url}/admin/suggestions`);
    const card = page.getByTestId('suggestion').first();
    await card.getByText('A rota planner for cafés').waitFor();
    await card.getByText('HR & Recruiting').waitFor();
    await card.getByText('From: /c/hr').waitFor();
    await card.getByText('new', { exact: true }).waitFor();
    await card.getByRole('button', { name: 'Triaged' }).click();
    await card.getByText('triaged', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Triaged' }).getAttribute('aria-pressed')).toBe('true');
    expect(await card.getByRole('link', { name: 'Reply via Email' }).getAttribute('href')).toBe(
      `mailto:ideas@example.com?subject=${encodeURIComponent('Re: Your suggestion for Unsheet: A rota planner for cafés')}`,
    );
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-dashboard-suggestions.png`, fullPage: true });
    // The change is the server's too.
    await page.reload();
    await page.getByTestId('suggestion').first().getByText('triaged', { exact: true }).waitFor();

    // App Links has its own URL.
    await tab(page, 'App Links').click();
    await page.waitForURL(`${site.url}/admin/app-links`);

    // Questions: opening an unread one marks it read; saved notes show in the list at once.
    await tab(page, 'Questions (1)').click();
    await page.waitForURL(`${site.url}/admin/questions`);
    const questions = page.getByRole('list', { name: 'Quick Questions' });
    await questions.getByText('Does it import CSV files from my bank?').click();
    const dialog = page.getByRole('dialog', { name: 'Question Details' });
    await dialog.waitFor();
    await dialog.getByText('linus@example.com').waitFor();
    await dialog.getByText('read', { exact: true }).waitFor();
    // The time received, with its zone named once (this browser's zone is UTC).
    const received = dialog.locator('dt:text-is("Received") + dd');
    expect(await received.innerText()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} UTC$/);
    await tab(page, 'Questions (0)').waitFor();
    expect(await dialog.getByLabel('Admin Notes').getAttribute('rows')).toBe('4');
    await dialog.getByLabel('Admin Notes').fill('Sent the CSV guide.');
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-dashboard-question.png` });
    await dialog.getByRole('button', { name: 'Save Notes' }).click();
    expect(await toastText(page, 'Question updated successfully.')).toBe('Question updated successfully.');
    await dialog.waitFor({ state: 'detached' });
    await questions.getByText('Notes: Sent the CSV guide.').waitFor();
    await questions.getByText('read', { exact: true }).waitFor();

    // Developers: opening does not mark it read; Mark as Replied does, and closes the dialog.
    await tab(page, 'Developers (1)').click();
    await page.waitForURL(`${site.url}/admin/developer-inquiries`);
    const inquiries = page.getByRole('list', { name: 'Developer Inquiries' });
    await inquiries.getByText('Grace', { exact: true }).click();
    const inquiry = page.getByRole('dialog', { name: 'Developer Inquiry Details' });
    await inquiry.waitFor();
    expect(await inquiry.getByRole('link', { name: 'https://www.linkedin.com/in/grace' }).getAttribute('target')).toBe('_blank');
    await inquiry.getByRole('link', { name: 'https://grace.example.dev' }).waitFor();
    // Opening would have sent the change at once; with every request answered and handled, still unread.
    await requests.quiet();
    await tab(page, 'Developers (1)').waitFor();
    await inquiry.getByRole('button', { name: 'Mark as Replied' }).click();
    expect(await toastText(page, 'Inquiry updated successfully.')).toBe('Inquiry updated successfully.');
    await inquiry.waitFor({ state: 'detached' });
    await inquiries.getByText('replied', { exact: true }).waitFor();
    await tab(page, 'Developers (0)').waitFor();

    // Settings: the programme, the PWA as this browser sees it, the sitemap, the notification address.
    await tab(page, 'Settings').click();
    await page.waitForURL(`${site.url}/admin/settings`);
    await page.getByText('Early Explorer Mode').waitFor();
    await page.getByText('98 spots remaining').waitFor();
    await page.getByText('New suggestions are e-mailed automatically to ad***@unsheet.app.').waitFor();
    expect(await page.getByRole('button', { name: 'Regenerate PWA assets' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Regenerate sitemap.xml' }).click();
    expect(await toastText(page, 'Sitemap regenerated!')).toBe('Sitemap regenerated! The sitemap.xml has been successfully updated.');
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-dashboard-settings.png`, fullPage: true });

    // A tab's URL opens it directly.
    await visit(page, `${site.url}/admin/suggestions`);
    await page.getByTestId('suggestion').first().waitFor();
    expect(await tab(page, 'Suggestions (1)').getAttribute('aria-selected')).toBe('true');

    // The queue dashboard: closed to a plain navigation, open through the Settings link.
    const closed = await context.request.get(`${site.url}/admin/queues/api/queues`);
    expect(closed.status()).toBe(401);
    await visit(page, `${site.url}/admin/settings`);
    await page.getByRole('button', { name: 'Open queue dashboard' }).click();
    await page.waitForURL(`${site.url}/admin/queues/`);
    const queues = await context.request.get(`${site.url}/admin/queues/api/queues`);
    expect(queues.status()).toBe(200);
    expect(((await queues.json()) as { queues: { name: string }[] }).queues.map((q) => q.name).sort()).toEqual(['emails', 'projections']);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-queues.png` });
    await context.close();
  }, 180_000);

  it('pages through a long list: Next and Previous move through the leads, the filter and the search start again at page 1', async () => {
    // 120 more leads, written as an import would: newest first they come before the three of the first test.
    await sql`
      insert into leads (id, email, source_page, referral_code, waitlist_position, created_at, mailbox, early_explorer)
      select gen_random_uuid(), 'bulk-' || lpad(n::text, 3, '0') || '@example.com', '/bulk', 'BULK' || n, 1000 + n,
        now() + n * interval '1 second', 'bulk-' || n || '@example.com', false
      from generate_series(1, 120) as n`.execute(site.db);
    const context = await site.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await signIn(page);
    await tab(page, 'Leads (122)').click();
    const pager = page.getByRole('navigation', { name: 'Leads pages' });
    const firstEmail = () => page.getByRole('row').nth(1).getByRole('cell').first().innerText();
    await expect.poll(() => pager.innerText()).toContain('Showing 1–50 of 122');
    expect(await firstEmail()).toBe('bulk-120@example.com');
    expect(await page.getByRole('row').count()).toBe(51);
    expect(await pager.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

    await pager.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => pager.innerText()).toContain('Showing 51–100 of 122');
    await expect.poll(firstEmail).toBe('bulk-070@example.com');
    await pager.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => pager.innerText()).toContain('Showing 101–122 of 122');
    await expect.poll(() => page.getByRole('row').count()).toBe(23);
    expect(await page.getByRole('cell', { name: 'first@example.com', exact: true }).count()).toBe(1);
    expect(await pager.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-dashboard-leads-last-page.png`, fullPage: true });
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect.poll(() => pager.innerText()).toContain('Showing 51–100 of 122');

    // A filter starts again at the first page, with the server's counts.
    await page.getByLabel('Filter by source page').selectOption('/bulk');
    await expect.poll(() => pager.innerText()).toContain('Showing 1–50 of 120');
    expect(await page.getByRole('heading', { name: /^Early Explorer Leads/ }).innerText()).toBe('Early Explorer Leads (120/122)');
    expect((await page.getByLabel('Filter by source page').locator('option').allInnerTexts())[0]).toBe('All Pages (122)');
    await page.getByLabel('Order of the leads').selectOption('oldest');
    await expect.poll(firstEmail).toBe('bulk-001@example.com');
    await context.close();
  }, 90_000);

  it('shows the overview in the admin’s time zone: the zone named, a bar for every hour, each card against the previous day', async () => {
    // Two visits today and one yesterday, today as Berlin counts it (the admin's zone here; near midnight UTC
    // Berlin's day is another): halfway between Berlin's midnight and now, and a day before that.
    const now = Date.now();
    const berlin = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone: 'Europe/Berlin',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        hourCycle: 'h23',
      })
        .formatToParts(new Date(now))
        .map((part) => [part.type, Number(part.value)]),
    ) as { hour: number; minute: number; second: number };
    const sinceMidnightMs = ((berlin.hour * 60 + berlin.minute) * 60 + berlin.second) * 1000;
    const todayAt = now - Math.floor(sinceMidnightMs / 2);
    const at = (daysAgo: number) => new Date(todayAt - daysAgo * 86_400_000).toISOString();
    const events = [0, 0, 1].flatMap((daysAgo) => {
      const sessionId = crypto.randomUUID();
      return [sessionStart({ sessionId, at: at(daysAgo) }), pageView({ sessionId, at: at(daysAgo) })];
    });
    const collected = await fetch(`${site.url}/api/analytics/collect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA },
      body: JSON.stringify({ events }),
    });
    expect(collected.status).toBe(202);
    const berlinHour = Number(
      new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Berlin', hour: 'numeric', hourCycle: 'h23' }).format(new Date(at(0))),
    );

    const context = await site.browser.newContext({ viewport: DESKTOP, timezoneId: 'Europe/Berlin' });
    const page = await context.newPage();
    const asked: string[] = [];
    page.on('request', (request) => {
      // The analytics reads, the first screen's among them in the overview.
      if (/\/api\/admin\/(analytics\/|overview)/.test(request.url())) asked.push(decodeURIComponent(new URL(request.url()).search));
    });
    await signIn(page);
    await page.getByText('Times in Europe/Berlin', { exact: true }).first().waitFor();
    const chart = page.getByTestId('peak-hours-chart');
    // One slot per hour, quiet ones included.
    await expect.poll(() => chart.locator('.recharts-bar-rectangle').count(), { timeout: 15_000 }).toBe(24);
    // Today's two visits are in Berlin's hour, which the top 5 lists in 12-hour style.
    const peak = `${berlinHour % 12 === 0 ? 12 : berlinHour % 12} ${berlinHour < 12 ? 'AM' : 'PM'}`;
    // The visits reach the figures through an async projection: reload until they have.
    await expect
      .poll(
        async () => {
          await reload(page);
          await page.getByTestId('change-totalSessions').waitFor();
          return page.locator('li', { hasText: new RegExp(`^\\d\\.\\s*${peak}\\s*[2-9] sessions$`) }).count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    expect(await page.getByTestId('change-totalSessions').innerText()).toMatch(/^▲\s*\+\d+% vs previous day$/);
    for (const figure of ['avgTimeOnSite', 'avgPagesPerSession', 'quizCompletionRate', 'userReturnRate']) {
      expect(await page.getByTestId(`change-${figure}`).innerText()).toMatch(/(vs previous day|No data for the previous day)$/);
    }
    expect(asked.some((query) => query.includes('tz=Europe/Berlin'))).toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-dashboard-overview-berlin.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-dashboard-overview-berlin-390.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);

    // Settings: another zone, kept in this browser, sent with every analytics read.
    await visit(page, `${site.url}/admin/settings`);
    await page.getByLabel('Time zone', { exact: true }).selectOption('America/New_York');
    await page.getByText('Times in America/New_York', { exact: true }).first().waitFor();
    asked.length = 0;
    await visit(page, `${site.url}/admin/dashboard`);
    await page.getByText('Times in America/New_York', { exact: true }).first().waitFor();
    await expect.poll(() => asked.some((query) => query.includes('tz=America/New_York'))).toBe(true);
    await page.getByText('Sessions by hour started, America/New_York').waitFor();
    await context.close();
  }, 90_000);

  it('shows the first row: each visitor figure with its change, and the top, entry and exit pages and channels of the period', async () => {
    // A visit from a newsletter link a minute ago, its attribution left to the server (as the landing page
    // sends it): two pages, leaving from the second.
    const sessionId = crypto.randomUUID();
    const at = (seconds: number) => new Date(Date.now() - 60_000 + seconds * 1000).toISOString();
    const start = sessionStart({ sessionId, at: at(0), url: `${site.url}/?utm_source=newsletter&utm_campaign=launch` });
    for (const field of ['utm', 'clickIds', 'parsedReferrer', 'trafficType', 'campaignSource'] as const) delete start[field];
    const events = [
      start,
      pageView({ sessionId, at: at(0), url: `${site.url}/` }),
      pageView({ sessionId, at: at(10), url: `${site.url}/c/finance` }),
    ];
    const collected = await fetch(`${site.url}/api/analytics/collect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': BROWSER_UA },
      body: JSON.stringify({ events }),
    });
    expect(collected.status).toBe(202);

    const context = await site.browser.newContext({ viewport: DESKTOP, timezoneId: 'UTC' });
    const page = await context.newPage();
    // The figures the dashboard was answered, by query.
    const answers = new Map<string, Record<string, unknown>>();
    page.on('response', async (response) => {
      const url = new URL(response.url());
      if (url.pathname === '/api/admin/analytics/engagement' && response.ok()) answers.set(url.search, await response.json());
      // The first screen's are in the overview: its engagement is what that read answers for the zone alone.
      if (url.pathname === '/api/admin/overview' && response.ok()) {
        answers.set(`?tz=${url.searchParams.get('tz')}`, ((await response.json()) as { engagement: Record<string, unknown> }).engagement);
      }
    });
    await signIn(page);
    const panel = (name: string) => page.getByRole('list', { name, exact: true });
    // The visit reaches the figures through an async projection: reload until it has.
    await expect
      .poll(
        async () => {
          await reload(page);
          await panel('Channels').waitFor();
          return panel('Channels').getByText('E-mail', { exact: true }).count();
        },
        { timeout: 20_000 },
      )
      .toBe(1);
    await expect.poll(() => panel('Exit Pages').getByText('/c/finance', { exact: true }).count()).toBe(1);
    expect(await panel('Top Pages').getByText('/', { exact: true }).count()).toBe(1);
    expect(await panel('Entry Pages').getByText('/', { exact: true }).count()).toBe(1);

    // Each card writes the figure the API answered for today, with its change against yesterday.
    const today = answers.get('?tz=UTC')!;
    expect(today).toBeDefined();
    const integer = (value: unknown) => (value as number).toLocaleString('en-US');
    expect(await stat(page, 'Unique Visitors')).toBe(integer(today.visitors));
    expect(await stat(page, 'Visits')).toBe(integer(today.totalSessions));
    expect(await stat(page, 'Page Views')).toBe(integer(today.pageViews));
    expect(await stat(page, 'Views per Visit')).toBe((today.avgPagesPerSession as number).toFixed(1));
    expect(await stat(page, 'Bounce Rate')).toBe(`${today.bounceRate}%`);
    const seconds = today.avgTimeOnSite as number;
    expect(await stat(page, 'Visit Duration')).toBe(`${Math.floor(seconds / 60)}m ${seconds % 60}s`);
    expect(await stat(page, 'App Interactions')).toBe(integer(today.appInteractions));
    expect(Number((await stat(page, 'Page Views')).replace(/,/g, ''))).toBeGreaterThanOrEqual(2);
    for (const figure of [
      'visitors',
      'totalSessions',
      'pageViews',
      'avgPagesPerSession',
      'bounceRate',
      'avgTimeOnSite',
      'appInteractions',
    ]) {
      expect(await page.getByTestId(`change-visitors-${figure}`).innerText()).toMatch(/(vs previous day|No data for the previous day)$/);
    }
    // The spec's cards are all still there.
    for (const label of [
      'Total Apps',
      'Early Explorers',
      'Total Views',
      'Suggestions',
      'Avg. Time on Site',
      'Pages per Visit',
      'Quiz Completion',
      'Daily Sessions',
    ]) {
      await page.getByTestId(`stat-${label}`).waitFor();
    }
    // One definition: the first row's views per visit is the spec's Pages per Visit.
    expect(await stat(page, 'Pages per Visit')).toBe(await stat(page, 'Views per Visit'));
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-dashboard-first-row.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-dashboard-first-row-390.png`, fullPage: true });
    await page.setViewportSize(DESKTOP);

    // Another period: the last 7 days, against the 7 before.
    await page.getByLabel('Period', { exact: true }).selectOption('7d');
    await page.getByText(/against the previous 7 days$/).waitFor();
    await expect
      .poll(() => page.getByTestId('change-visitors-totalSessions').innerText())
      .toMatch(/(vs previous 7 days|No data for the previous 7 days)$/);
    const week = [...answers].find(([query]) => query.startsWith('?from='));
    expect(week).toBeDefined();
    expect(await stat(page, 'Visits')).toBe(integer(week![1].totalSessions));
    await context.close();
  }, 90_000);

  it('asks for its first screen in one request, the overview, and shows every card from it', async () => {
    const context = await site.browser.newContext({ viewport: DESKTOP, timezoneId: 'UTC' });
    const page = await context.newPage();
    const requests = followRequests(page);
    await visit(page, `${site.url}/admin/login`);
    await page.getByLabel('Email', { exact: true }).fill('boss@example.com');
    await page.getByLabel('Password', { exact: true }).fill('boss-secret');
    const asked: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) asked.push(`${request.method()} ${url.pathname}${url.search}`);
    });
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${site.url}/admin/dashboard`);
    // Every card, the lists and the charts of the Overview filled in.
    await expect.poll(() => stat(page, 'Total Apps')).toMatch(/^\d+$/);
    for (const label of ['Early Explorers', 'Total Views', 'Suggestions', 'Unique Visitors', 'Daily Sessions']) {
      expect(await stat(page, label)).not.toBe('—');
    }
    await page.getByRole('list', { name: 'Most popular apps' }).getByRole('listitem').first().waitFor();
    await page.getByText(/^\d+ sessions? · \d+ page views?$/).waitFor();
    await tab(page, /^Leads \(\d+\)$/).waitFor();
    await requests.quiet();
    // Signing in, then one read for the whole screen.
    const reads = asked.filter((request) => !request.startsWith('POST /api/auth/'));
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatch(/^GET \/api\/admin\/overview\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}&tz=UTC$/);
    // Another tab reads its own.
    asked.length = 0;
    await tab(page, /^Suggestions/).click();
    await page.waitForURL(`${site.url}/admin/suggestions`);
    await page.getByRole('heading', { name: /^Tool Suggestions \(\d+\)$/ }).waitFor();
    await requests.quiet();
    expect(asked).toEqual(['GET /api/admin/suggestions']);
    await context.close();
  }, 90_000);

  it('fits a 375 px phone', async () => {
    const context = await site.browser.newContext({ viewport: PHONE, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signIn(page);
    await expect.poll(() => stat(page, 'Total Apps')).toBe('16');
    await page.getByRole('list', { name: 'Most popular apps' }).getByRole('listitem').first().waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await overflow()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-dashboard-overview-375.png`, fullPage: true });
    await visit(page, `${site.url}/admin/leads`);
    await page.getByRole('navigation', { name: 'Leads pages' }).waitFor();
    expect(await overflow()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-dashboard-leads-375.png`, fullPage: true });
    await visit(page, `${site.url}/admin/developer-inquiries`);
    await page.getByRole('list', { name: 'Developer Inquiries' }).getByText('Grace', { exact: true }).click();
    await page.getByRole('dialog', { name: 'Developer Inquiry Details' }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-dashboard-inquiry-375.png` });
    await page.keyboard.press('Escape');
    await visit(page, `${site.url}/admin/settings`);
    // The program's card, whichever mode the leads of the tests before have put it in.
    await page.getByRole('heading', { name: 'Early Explorer Program' }).waitFor();
    expect(await overflow()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-dashboard-settings-375.png`, fullPage: true });
    await context.close();
  }, 90_000);
});
