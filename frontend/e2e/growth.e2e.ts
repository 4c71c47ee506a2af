/**
 * Referrals, the quiz and conversion tracking in Chromium against the built server and a fresh database:
 * a referral click recorded once per session, the share-link generator (copy, its 2 s reset, the note for an
 * address already on the list, the failure toasts, a member's copied link crediting the member), the leaderboard of confirmed invites, the quiz end to
 * end, the dialogs' failure toasts, the app page's inline VIP form, the ads tag and hidden conversion page,
 * and finally the lead dialog's wait-list mode at 100 leads. The tests run in order and share the database.
 */
import { sql } from 'kysely';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../backend/src/shared/testing/eventually.js';
import { SCREENSHOTS_DIR, confirmLead, fillExplorerSpots, followRequests, reload, useSite, visit } from './browser.js';

const site = useSite();

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

function post(path: string, body: unknown) {
  return fetch(`${site.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function stats(code: string): Promise<{ clicks: number; conversions: number }> {
  const body = (await (await fetch(`${site.url}/api/referrals/${code}`)).json()) as {
    stats: { total_clicks: number; total_conversions: number };
  };
  return { clicks: body.stats.total_clicks, conversions: body.stats.total_conversions };
}

async function clipboardContext(): Promise<BrowserContext> {
  const context = await site.browser.newContext({ viewport: DESKTOP });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
  return context;
}

/** The VIP list's line for `taken` of the 100 spots (frontend/src/features/early-access/components/vip-signup.tsx). */
const adoptersLine = (taken: number) =>
  `${taken} early ${taken === 1 ? 'adopter has' : 'adopters have'} joined · ${100 - taken} ${100 - taken === 1 ? 'spot' : 'spots'} remaining`;

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').getByText(text, { exact: true });

let referrerCode = '';

describe('referral links in Chromium', () => {
  it('records a click once per browser session, with the platform from the link', async () => {
    const joined = (await (await post('/api/leads', { email: 'referrer@example.com', source_page: '/' })).json()) as { refCode: string };
    referrerCode = joined.refCode;
    const context = await site.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    const requests = followRequests(page);
    const clicks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/clicks')) clicks.push(request.postData() ?? '');
    });
    await visit(page, `${site.url}/?ref=${referrerCode}&via=whatsapp`);
    await expect.poll(async () => (await stats(referrerCode)).clicks).toBe(1);
    expect(JSON.parse(clicks[0]!)).toMatchObject({ via: 'whatsapp' });
    // Reloading and landing again in the same session: no second click.
    await visit(page, `${site.url}/about?ref=${referrerCode}`);
    await reload(page);
    // Each landing has done what it does on arrival: every request answered and handled.
    await requests.quiet();
    expect(clicks).toHaveLength(1);
    await context.close();

    // A new session counts again.
    const other = await site.browser.newContext({ viewport: DESKTOP });
    const second = await other.newPage();
    await visit(second, `${site.url}/?ref=${referrerCode}`);
    await expect.poll(async () => (await stats(referrerCode)).clicks).toBe(2);
    await other.close();
  });
});

describe('the share-link generator in Chromium', () => {
  it('generates a link for an address, copies it, and resets the copied state after 2 s', async () => {
    const context = await clipboardContext();
    const page = await context.newPage();
    await visit(page, `${site.url}/`);
    await page.getByRole('heading', { name: 'Share & earn' }).scrollIntoViewIfNeeded();
    const generator = page.getByTestId('share-link-generator');
    const button = generator.getByRole('button', { name: 'Get my link' });
    expect(await button.isDisabled()).toBe(true);

    await generator.getByRole('textbox', { name: 'Your email' }).fill('sharer@example');
    await button.click();
    await toast(page, 'Invalid email').waitFor();

    await generator.getByRole('textbox', { name: 'Your email' }).fill('sharer@example.com');
    await button.click();
    await toast(page, 'Your share link is ready!').waitFor();
    await page.getByText(/50% of the lifetime revenue of every friend/).waitFor();
    const link = await generator.getByRole('textbox', { name: 'Your share link' }).inputValue();
    expect(link).toMatch(new RegExp(`^${site.url}/\\?ref=[0-9A-Z]{6}$`));
    // The answer is the same for an address on the list, which gets the link by e-mail too.
    await generator
      .getByText(
        'Friends who join through this link count for this address. If it is on the list already, we have e-mailed the link to it too.',
        {
          exact: true,
        },
      )
      .waitFor();

    await generator.getByRole('button', { name: 'Copy link' }).click();
    await generator.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    const copiedAt = Date.now();
    await generator.getByRole('button', { name: 'Copy link' }).waitFor({ timeout: 4000 });
    expect(Date.now() - copiedAt).toBeGreaterThan(1500);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}share-link-generator.png` });
    await context.close();
  });

  it("shows 'Could not copy link' and 'Failed to generate share link' when those fail", async () => {
    const context = await site.browser.newContext({ viewport: PHONE });
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
    });
    const page = await context.newPage();
    await visit(page, `${site.url}/`);
    await page.getByRole('heading', { name: 'Share & earn' }).scrollIntoViewIfNeeded();
    const generator = page.getByTestId('share-link-generator');
    await generator.getByRole('textbox', { name: 'Your email' }).fill('sharer@example.com');
    await generator.getByRole('button', { name: 'Get my link' }).click();
    await generator.getByText(/^Friends who join through this link count for this address\./).waitFor();
    await generator.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}share-link-generator-390.png` });
    await generator.getByRole('button', { name: 'Copy link' }).click();
    await toast(page, 'Could not copy link').waitFor();

    await page.route('**/api/referral-codes', (route) => route.fulfill({ status: 500, body: '{"code":"X","message":"boom"}' }));
    await generator.getByRole('textbox', { name: 'Your email' }).fill('other@example.com');
    await generator.getByRole('button', { name: 'Get my link' }).click();
    await toast(page, 'Failed to generate share link').waitFor();
    await context.close();
  });
});

describe("a member's link from Share & earn in Chromium", () => {
  it('credits the member for the copied link: the click and the friend who joins and confirms', async () => {
    const member = (await (await post('/api/leads', { email: 'sharing-member@example.com', source_page: '/' })).json()) as {
      refCode: string;
    };
    const context = await clipboardContext();
    const page = await context.newPage();
    await visit(page, `${site.url}/`);
    await page.getByRole('heading', { name: 'Share & earn' }).scrollIntoViewIfNeeded();
    const generator = page.getByTestId('share-link-generator');
    await generator.getByRole('textbox', { name: 'Your email' }).fill('sharing-member@example.com');
    await generator.getByRole('button', { name: 'Get my link' }).click();
    await toast(page, 'Your share link is ready!').waitFor();
    await generator.getByRole('button', { name: 'Copy link' }).click();
    await generator.getByRole('button', { name: 'Copied!' }).waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${site.url}/\\?ref=[0-9A-Z]{6}$`));
    const code = new URL(link).searchParams.get('ref')!;
    expect(code).not.toBe(member.refCode);

    // A friend follows the copied link, joins from the header and confirms their address.
    const friendContext = await site.browser.newContext({ viewport: DESKTOP });
    const friend = await friendContext.newPage();
    await visit(friend, link);
    await expect.poll(async () => (await stats(code)).clicks).toBe(1);
    await friend.getByRole('banner').getByRole('button', { name: 'Join Explorers' }).click();
    const dialog = friend.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('sharing-friend@example.com');
    await dialog.getByRole('button', { name: 'Join Now' }).click();
    await friend
      .getByRole('dialog')
      .getByRole('heading', { name: /^You're Explorer #\d+/ })
      .waitFor();
    await friendContext.close();
    await confirmLead(site, 'sharing-friend@example.com');

    await expect.poll(async () => (await stats(code)).conversions).toBe(1);
    await expect
      .poll(async () => (await (await fetch(`${site.url}/api/referrals/leaderboard`)).json()) as unknown[])
      .toContainEqual({ masked_email: 'sh***@example.com', invite_count: 1 });
    // The page says so under the link, whether or not the address is on the list.
    await generator
      .getByText(
        'Friends who join through this link count for this address. If it is on the list already, we have e-mailed the link to it too.',
        {
          exact: true,
        },
      )
      .waitFor();
    await context.close();
  });
});

describe('the leaderboard in Chromium', () => {
  it('shows the top inviters, masked, most invites first, counting friends who confirmed', async () => {
    for (let i = 0; i < 3; i++) {
      await post('/api/leads', { email: `friend${i}@example.com`, source_page: '/', ref: referrerCode });
      await confirmLead(site, `friend${i}@example.com`);
    }
    const page = await site.browser.newPage({ viewport: PHONE });
    await visit(page, `${site.url}/`);
    const board = page.getByRole('list', { name: 'Top inviters' });
    await page.getByRole('heading', { name: 'Top inviters' }).scrollIntoViewIfNeeded();
    await board.waitFor();
    const rows = await board.getByRole('listitem').allInnerTexts();
    expect(rows[0]).toMatch(/re\*\*\*@example\.com\s+3 invites/);
    expect(rows.join(' ')).not.toContain('referrer@');
    await page.screenshot({ path: `${SCREENSHOTS_DIR}leaderboard-390.png` });
    await page.close();
  });
});

describe('the quiz in Chromium', () => {
  it('asks for an e-mail, then 4 steps, and shows the Perfect Match with a share link; the counts below follow', async () => {
    const context = await clipboardContext();
    const page = await context.newPage();
    const requests = followRequests(page);
    await visit(page, `${site.url}/`);
    // The VIP list below the quiz shows the spots taken; the quiz's join must show there too.
    const { leadCount } = (await (await fetch(`${site.url}/api/early-access/status`)).json()) as { leadCount: number };
    const adopters = page.getByTestId('early-adopters');
    await page.locator('#vip-list').scrollIntoViewIfNeeded();
    await expect.poll(() => adopters.innerText()).toBe(adoptersLine(leadCount));
    const quiz = page.getByTestId('quiz');
    await page.getByRole('heading', { name: 'Which tool fits you?' }).scrollIntoViewIfNeeded();
    await quiz.getByRole('heading', { name: 'Find your perfect tool in 4 steps' }).waitFor();

    await quiz.getByRole('button', { name: 'Start the quiz' }).click();
    await toast(page, 'Email required').waitFor();
    await quiz.getByRole('textbox', { name: 'Email' }).fill('quizzer@example.com');
    await quiz.getByRole('button', { name: 'Start the quiz' }).click();

    await quiz.getByText('Step 1/4', { exact: true }).waitFor();
    await quiz.getByRole('button', { name: 'Manual work and data entry' }).click();
    await quiz.getByText('Step 2/4', { exact: true }).waitFor();
    // The next question follows the answer before it.
    await quiz.getByRole('heading', { name: 'Where does the most manual work pile up?' }).waitFor();
    await quiz.getByRole('button', { name: 'Finance', exact: true }).click();
    await quiz.getByText('Step 3/4', { exact: true }).waitFor();
    await quiz.getByRole('heading', { name: 'How do you handle finance today?' }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}quiz-step-3.png` });
    await quiz.getByRole('button', { name: 'Typing it into Excel or Google Sheets' }).click();
    await quiz.getByText('Step 4/4', { exact: true }).waitFor();
    await quiz.getByRole('button', { name: 'Just me' }).click();

    const result = quiz.getByTestId('quiz-result');
    await result.getByRole('heading', { name: 'Perfect Match!' }).waitFor();
    await result.getByText(/is built for Finance work and takes the manual data entry off your plate\./).waitFor();
    const link = await result.getByRole('textbox', { name: 'Share your match with a friend' }).inputValue();
    expect(link).toMatch(/\?ref=[0-9A-Z]{6}$/);
    // The quiz put the address on the list: its place, as the server says it, and the reminder to confirm.
    const place = (await result.getByTestId('quiz-place').innerText()).replace(/\s+/g, ' ');
    expect(place).toMatch(new RegExp(`^You're Explorer #${leadCount + 1}\\. Check your inbox and confirm your address to keep your spot;`));
    // Every count on the page is the new one, once the page has done what the join asks of it.
    await requests.quiet();
    expect(await adopters.innerText()).toBe(adoptersLine(leadCount + 1));
    await page.screenshot({ path: `${SCREENSHOTS_DIR}quiz-result.png` });
    await page.setViewportSize(PHONE);
    await result.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}quiz-result-390.png` });

    const { rows } = await sql<{ source_page: string }>`select source_page from leads where email = 'quizzer@example.com'`.execute(site.db);
    expect(rows).toEqual([{ source_page: 'quiz' }]);
    await context.close();
  });

  it("says plainly that the visitor was not added when the result cannot be saved, shows the spec's default result, and retries", async () => {
    const page = await site.browser.newPage({ viewport: PHONE });
    let failing = true;
    await page.route('**/api/quiz-results', (route) => (failing ? route.fulfill({ status: 500, body: '{}' }) : route.fallback()));
    await visit(page, `${site.url}/`);
    const quiz = page.getByTestId('quiz');
    await page.getByRole('heading', { name: 'Which tool fits you?' }).scrollIntoViewIfNeeded();
    await quiz.getByRole('textbox', { name: 'Email' }).fill('fails@example.com');
    await quiz.getByRole('button', { name: 'Start the quiz' }).click();
    for (const choice of ['Tasks that take too much time', 'Finance', 'Paper, notes and e-mail', 'More than 50']) {
      await quiz.getByRole('button', { name: choice, exact: true }).click();
    }
    await quiz.getByRole('heading', { name: 'Perfect Match!' }).waitFor();
    await quiz.getByText('AI Business Assistant', { exact: true }).waitFor();
    const unsaved = quiz.getByTestId('quiz-unsaved');
    expect((await unsaved.innerText()).replace(/\s+/g, ' ').trim()).toBe(
      'Your result was not saved, and you were not added to the early-access list. Your answers are kept: try again in a moment. Try again',
    );
    expect(await unsaved.getAttribute('role')).toBe('alert');
    expect(await quiz.getByTestId('quiz-place').count()).toBe(0);
    await unsaved.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}quiz-save-failed-390.png` });
    const { rows: none } = await sql`select 1 from leads where email = 'fails@example.com'`.execute(site.db);
    expect(none).toEqual([]);

    // The retry sends the same answers again: saved, matched, and on the list.
    failing = false;
    await unsaved.getByRole('button', { name: 'Try again' }).click();
    await quiz.getByTestId('quiz-place').waitFor();
    expect(await quiz.getByTestId('quiz-unsaved').count()).toBe(0);
    await quiz.getByText(/is built for Finance work and gives you back the hours the spreadsheet eats\./).waitFor();
    const { rows } = await sql<{ source_page: string }>`select source_page from leads where email = 'fails@example.com'`.execute(site.db);
    expect(rows).toEqual([{ source_page: 'quiz' }]);
    await page.close();
  });

  it('sends a refused address back to be changed, then saves the answers given', async () => {
    const page = await site.browser.newPage({ viewport: PHONE });
    // An address the form's quick check passes and the server refuses (longer than 254 characters).
    await visit(page, `${site.url}/`);
    const quiz = page.getByTestId('quiz');
    await page.getByRole('heading', { name: 'Which tool fits you?' }).scrollIntoViewIfNeeded();
    await quiz.getByRole('textbox', { name: 'Email' }).fill(`${'a'.repeat(250)}@example.com`);
    await quiz.getByRole('button', { name: 'Start the quiz' }).click();
    for (const choice of ['Manual work and data entry', 'Sales', 'Typing it into Excel or Google Sheets', 'Just me']) {
      await quiz.getByRole('button', { name: choice, exact: true }).click();
    }
    const unsaved = quiz.getByTestId('quiz-unsaved');
    await unsaved.getByText('Your email address was not accepted: Please enter a valid email address.', { exact: true }).waitFor();
    await unsaved.getByRole('button', { name: 'Change email' }).click();
    await quiz.getByRole('textbox', { name: 'Email' }).fill('ana@example.com');
    await quiz.getByRole('button', { name: 'Start the quiz' }).click();
    await quiz.getByTestId('quiz-place').waitFor();
    const { rows } = await sql<{ source_page: string }>`select source_page from leads where email = 'ana@example.com'`.execute(site.db);
    expect(rows).toEqual([{ source_page: 'quiz' }]);
    await page.close();
  });

  it('asks the four questions offline, one theme after another, when questions cannot be loaded', async () => {
    const page = await site.browser.newPage({ viewport: PHONE });
    await page.route('**/api/quiz/questions', (route) => route.fulfill({ status: 500, body: '{}' }));
    await visit(page, `${site.url}/`);
    const quiz = page.getByTestId('quiz');
    await page.getByRole('heading', { name: 'Which tool fits you?' }).scrollIntoViewIfNeeded();
    await quiz.getByRole('textbox', { name: 'Email' }).fill('offline-quiz@example.com');
    await quiz.getByRole('button', { name: 'Start the quiz' }).click();
    const steps = [
      ['What slows your team down the most?', 'Keeping data organised and accurate'],
      ['Which records are hardest to keep accurate?', 'Finance'],
      ['How do you handle finance today?', 'Excel or Google Sheets'],
      ['How many people rely on those records?', '2–10 people'],
    ];
    for (const [index, [question, choice]] of steps.entries()) {
      await quiz.getByText(`Step ${index + 1}/4`, { exact: true }).waitFor();
      await quiz.getByRole('heading', { name: question! }).waitFor();
      await quiz.getByRole('button', { name: choice!, exact: true }).click();
    }
    // The offline answers are the recommender's values: the result is saved and matched to the area chosen.
    await quiz.getByRole('heading', { name: 'Perfect Match!' }).waitFor();
    await quiz.getByText(/is built for Finance work and keeps your data organised and accurate\./).waitFor();
    await page.close();
  });
});

describe('failure toasts of the lead dialog and the VIP form', () => {
  it("answers a failed join with the spec's texts", async () => {
    const page = await site.browser.newPage({ viewport: DESKTOP });
    await page.route('**/api/leads', (route) => route.fulfill({ status: 500, body: 'oops' }));
    await visit(page, `${site.url}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Join Explorers' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('broken@example.com');
    await dialog.getByRole('button', { name: 'Join Now' }).click();
    await toast(page, 'Something went wrong').waitFor();
    await toast(page, 'Please try again later.').waitFor();
    await page.keyboard.press('Escape');

    const section = page.getByRole('region', { name: 'Join the VIP list' });
    await section.scrollIntoViewIfNeeded();
    await section.getByRole('textbox', { name: 'Email' }).fill('broken@example.com');
    await section.getByRole('button', { name: 'Join the VIP List' }).click();
    await toast(page, 'Error').waitFor();
    await toast(page, 'Could not join the list. Please try again.').waitFor();
    await page.close();
  });
});

describe('the app page VIP List box', () => {
  it('shows the waitlist form in place, with the real early adopters count', async () => {
    const page = await site.browser.newPage({ viewport: PHONE });
    await visit(page, `${site.url}/app/invoice-chaser`);
    const box = page.getByTestId('vip-list');
    await box.getByRole('button', { name: 'Join the VIP List' }).click();
    const email = box.getByRole('textbox', { name: 'Email' });
    await email.waitFor();
    expect(await email.evaluate((input) => input === document.activeElement)).toBe(true);
    const count = ((await (await fetch(`${site.url}/api/early-access/status`)).json()) as { leadCount: number }).leadCount;
    await box.getByText(`${count} early adopters have joined · ${100 - count} spots remaining`).waitFor();
    await email.fill('app-page@example.com');
    await box.getByRole('button', { name: 'Join the VIP List' }).click();
    await page.getByText('Welcome to the VIP list!', { exact: true }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}app-vip-joined-390.png`, fullPage: false });
    await page.close();
  });
});

describe('conversion tracking in Chromium', () => {
  it('calls the ads tag with the value and opens the lead page hidden for 3 s', async () => {
    const context = await site.browser.newContext({ viewport: DESKTOP });
    await context.route('**/api/conversion-tracking', (route) =>
      route.fulfill({ json: { googleAdsId: 'AW-123/abc', conversionPageUrl: `${site.url}/about` } }),
    );
    await context.route('https://www.googletagmanager.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
    const page = await context.newPage();
    await visit(page, `${site.url}/about`);
    const popups: Page[] = [];
    context.on('page', (opened) => popups.push(opened));
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('textbox', { name: 'Email address' }).fill('conversion@example.com');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await toast(page, 'Subscribed! 📧').waitFor();

    await expect
      .poll(() => page.evaluate(() => JSON.stringify((window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>)))))
      .toContain('"conversion",{"send_to":"AW-123/abc","value":0.5,"currency":"USD","event_category":"newsletter"}');
    // A popup, or the hidden frame when the popup is blocked; either is gone after 3 s.
    await expect.poll(async () => popups.length + (await page.locator('iframe[data-conversion="newsletter"]').count())).toBe(1);
    await eventually(
      async () => (await page.locator('iframe[data-conversion]').count()) === 0 && popups.every((popup) => popup.isClosed()),
      {
        timeout: 15_000,
      },
    );
    expect(await page.locator('iframe[data-conversion]').count()).toBe(0);
    for (const popup of popups) expect(popup.isClosed()).toBe(true);
    await context.close();
  });

  it('calls nothing when no ads tag is configured', async () => {
    const page = await site.browser.newPage({ viewport: DESKTOP });
    const requests = followRequests(page);
    const external: string[] = [];
    page.on('request', (request) => {
      if (!request.url().startsWith(site.url)) external.push(request.url());
    });
    await visit(page, `${site.url}/about`);
    const footer = page.getByRole('contentinfo');
    await footer.getByRole('textbox', { name: 'Email address' }).fill('quiet@example.com');
    const asked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/conversion-tracking');
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    await toast(page, 'Subscribed! 📧').waitFor();
    // The page asked whether an ads tag is configured; once the answer is handled, whatever it would call is called.
    await asked;
    await requests.quiet();
    expect(external).toEqual([]);
    expect(await page.evaluate(() => typeof window.gtag)).toBe('undefined');
    await page.close();
  });
});

describe('the lead dialog at 100 leads and more', () => {
  it('switches to wait-list mode with real figures and places the next visitor after the 100th', async () => {
    await fillExplorerSpots(site, 104, 'seed');
    const page = await site.browser.newPage({ viewport: PHONE });
    await visit(page, `${site.url}/`);
    await page.getByRole('button', { name: 'Join the Wait-list' }).click();
    const dialog = page.getByRole('dialog', { name: 'Join the wait-list' });
    await dialog.getByText('All 100 Early Explorer spots are taken.', { exact: false }).waitFor();
    await dialog.getByRole('textbox', { name: 'Email' }).fill('late@example.com');
    await dialog.getByRole('button', { name: 'Join Now' }).click();
    await toast(page, "You're #105 on the wait-list.").waitFor();
    await page.getByRole('dialog').getByRole('heading', { name: "You're #105 on the wait-list" }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}lead-dialog-waitlist-390.png` });
    await page.close();
  }, 180_000);
});

describe('screenshots of the home and app pages', () => {
  it.each([
    ['desktop', DESKTOP],
    ['390', PHONE],
  ])('takes them at %s', async (name, viewport) => {
    const page = await site.browser.newPage({ viewport });
    await visit(page, `${site.url}/`);
    // Scroll through so every lazy section loads, then back to the top for a full-page shot.
    for (const heading of ['Which tool fits you?', 'Top inviters']) {
      await page.getByRole('heading', { name: heading }).scrollIntoViewIfNeeded();
    }
    await page.getByTestId('quiz').waitFor();
    await page.getByTestId('share-link-generator').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}growth-home-${name}.png`, fullPage: true });
    await visit(page, `${site.url}/app/invoice-chaser`);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}growth-app-${name}.png`, fullPage: true });
    await page.close();
  });
});
