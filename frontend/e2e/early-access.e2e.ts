/**
 * The Early Explorers programme in Chromium against the built server and a fresh database: the lead dialog
 * (spots remaining, validation, joining, joining again from the same browser and from another), the reminder
 * to confirm, the share link and reward tiers, and a friend joining through that link from the home page's
 * VIP-list form, counted once they confirm. The tests run in order and share the database: the first join is
 * Explorer #1, the friend #2.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS_DIR, confirmLead, useSite, visit } from './browser.js';

const site = useSite();

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };
const CONFIRM_REMINDER = 'Check your inbox and confirm your address to keep your spot; invites count once your friends confirm theirs.';

let firstCode = '';
/** The browser Ana joined from: it remembers her (a cookie), so joining again there gives her place back. */
let anaBrowser: BrowserContext | undefined;

afterAll(async () => {
  await anaBrowser?.close();
});

async function invitesOf(code: string): Promise<number> {
  const response = await fetch(`${site.url}/api/referrals/${code}`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { code: string; stats: { total_signups: number } };
  expect(body.code).toBe(code);
  return body.stats.total_signups;
}

async function tierStates(scope: ReturnType<Page['getByTestId']>): Promise<(string | null)[]> {
  const tiers = scope.getByRole('list', { name: 'Rewards' }).getByRole('listitem');
  return Promise.all((await tiers.all()).map((tier) => tier.getAttribute('data-unlocked')));
}

describe('lead dialog in Chromium', () => {
  it('opens from the header with the real spots remaining, validates, and joins as Explorer #1', async () => {
    anaBrowser = await site.browser.newContext({ viewport: DESKTOP });
    await anaBrowser.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: site.url });
    const page = await anaBrowser.newPage();
    await visit(page, `${site.url}/`);

    await page.getByRole('banner').getByRole('button', { name: 'Join Explorers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Join 100 Early Explorers' });
    await dialog.waitFor();
    await dialog.getByText('100 spots remaining', { exact: true }).waitFor();
    await expect(dialog.getByText('lifetime access to one app').isVisible()).resolves.toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}lead-dialog.png` });

    const email = dialog.getByRole('textbox', { name: 'Email' });
    const join = dialog.getByRole('button', { name: 'Join Now' });
    await join.click();
    await page.getByText('Email required', { exact: true }).waitFor();

    await email.fill('ana@example');
    await join.click();
    await page.getByText('Invalid email', { exact: true }).waitFor();
    await page.getByText('Please enter a valid email address.', { exact: true }).waitFor();

    await email.fill('Ana@Example.com');
    await join.click();
    await page.getByText('Success! 🎉', { exact: true }).waitFor();
    await page.getByText('Welcome, Early Explorer #1! Your lifetime access is reserved.', { exact: true }).waitFor();

    const result = page.getByRole('dialog').getByTestId('join-result');
    await result.getByRole('heading', { name: "You're Explorer #1" }).waitFor();
    // The welcome e-mail carries the confirmation link: the spot, and the invites, count once confirmed.
    await result.getByText(CONFIRM_REMINDER, { exact: true }).waitFor();
    const link = await result.getByRole('textbox', { name: 'Your share link' }).inputValue();
    expect(link).toContain(`${site.url}/?ref=`);
    firstCode = new URL(link).searchParams.get('ref') ?? '';
    expect(firstCode).not.toBe('');
    await result.getByText('0 friends invited', { exact: true }).waitFor();
    await expect(result.getByText('50% of their lifetime revenue').isVisible()).resolves.toBe(true);
    for (const reward of [
      'Move up 10 places on the list',
      'Early beta access to every new tool',
      '3 months free on any tool',
      'Lifetime access to a second tool',
    ]) {
      await expect(result.getByText(reward).isVisible()).resolves.toBe(true);
    }
    expect(await tierStates(result)).toEqual(['false', 'false', 'false', 'false']);

    await result.getByRole('button', { name: 'Copy link' }).click();
    await result.getByRole('button', { name: 'Copied!' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    // The indicator resets after 2 s.
    await result.getByRole('button', { name: 'Copy link' }).waitFor({ timeout: 4000 });
    await page.screenshot({ path: `${SCREENSHOTS_DIR}lead-dialog-joined.png` });

    // The status is refetched after a join.
    expect(await invitesOf(firstCode)).toBe(0);
    const status = (await (await fetch(`${site.url}/api/early-access/status`)).json()) as Record<string, unknown>;
    expect(status).toMatchObject({ leadCount: 1, cap: 100, spotsRemaining: 99, mode: 'early-explorers' });
    await page.close();
  });

  it('gives the same place back to the same e-mail in another case from the same browser, with the keyboard alone at 375 px', async () => {
    const page = await anaBrowser!.newPage();
    await page.setViewportSize(PHONE);
    await visit(page, `${site.url}/about`);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Join Explorers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Join 100 Early Explorers' });
    await dialog.getByText('99 spots remaining', { exact: true }).waitFor();
    // Radix moves focus into the dialog, onto the e-mail field.
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'email');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.keyboard.type('  ANA@example.COM ');
    await page.keyboard.press('Enter');
    await page.getByText('Welcome, Early Explorer #1! Your lifetime access is reserved.', { exact: true }).waitFor();
    const result = page.getByRole('dialog').getByTestId('join-result');
    await result.getByRole('heading', { name: "You're Explorer #1" }).waitFor();
    expect(await result.getByRole('textbox', { name: 'Your share link' }).inputValue()).toBe(`${site.url}/?ref=${firstCode}`);
    // She may have confirmed since her first join: the reminder says so.
    await result.getByText(/^If you haven't yet, confirm your address from our welcome e-mail to keep your spot;/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}lead-dialog-joined-mobile.png` });

    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.close();
  });

  it('answers the same e-mail from another browser as it would a newcomer, telling nobody who is on the list', async () => {
    const page = await site.browser.newPage({ viewport: DESKTOP });
    await visit(page, `${site.url}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Join Explorers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Join 100 Early Explorers' });
    await dialog.getByText('99 spots remaining', { exact: true }).waitFor();
    await dialog.getByRole('textbox', { name: 'Email' }).fill('ana@example.com');
    await dialog.getByRole('button', { name: 'Join Now' }).click();
    const result = page.getByRole('dialog').getByTestId('join-result');
    await result.getByText(CONFIRM_REMINDER, { exact: true }).waitFor();
    expect(await result.getByRole('heading').innerText()).not.toBe("You're Explorer #1");
    expect(await result.getByRole('textbox', { name: 'Your share link' }).inputValue()).not.toContain(firstCode);
    await result.getByText('0 friends invited', { exact: true }).waitFor();
    await page.close();
  });
});

describe('referrals in Chromium', () => {
  it('remembers ?ref= for the session', async () => {
    const page = await site.browser.newPage({ viewport: DESKTOP });
    await visit(page, `${site.url}/about?ref=${firstCode}`);
    await page.waitForFunction((code) => sessionStorage.getItem('unsheet.ref') === code, firstCode);
    await page.close();
  });

  it('credits the first explorer once a friend who joined the VIP list through the share link confirms', async () => {
    expect(firstCode).not.toBe('');
    const context = await site.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await visit(page, `${site.url}/?ref=${firstCode}`);

    const section = page.getByRole('region', { name: 'Join the VIP list' });
    // The form loads when its section scrolls near.
    await section.scrollIntoViewIfNeeded();
    await section.getByRole('textbox', { name: 'Email' }).fill('bo@example.com');
    await section.getByRole('button', { name: 'Join the VIP List' }).click();
    await page.getByText('Welcome to the VIP list!', { exact: true }).waitFor();
    // #3: the stranger's join of Ana's address above was told #2, which is used up (a number is never told twice).
    await page.getByText('You are #3 on the list.', { exact: true }).waitFor();

    const result = section.getByTestId('join-result');
    await result.getByRole('heading', { name: "You're Explorer #3" }).waitFor();
    const link = await result.getByRole('textbox', { name: 'Your share link' }).inputValue();
    expect(link).not.toContain(firstCode);
    await result.getByText('0 friends invited', { exact: true }).waitFor();
    await result.getByText(CONFIRM_REMINDER, { exact: true }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}vip-list-joined.png` });
    await page.setViewportSize({ width: 390, height: 844 });
    await section.getByTestId('join-result').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}vip-list-joined-390.png` });

    // Not an invite until Bo confirms; then counted by the async referral-stats projection, a moment later.
    expect(await invitesOf(firstCode)).toBe(0);
    await confirmLead(site, 'bo@example.com');
    await expect.poll(() => invitesOf(firstCode)).toBe(1);
    await context.close();
  });

  it('shows the first tier unlocked once a friend has confirmed', async () => {
    const page = await anaBrowser!.newPage();
    await visit(page, `${site.url}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Join Explorers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Join 100 Early Explorers' });
    await dialog.getByText('98 spots remaining', { exact: true }).waitFor();
    await dialog.getByRole('textbox', { name: 'Email' }).fill('ana@example.com');
    await dialog.getByRole('button', { name: 'Join Now' }).click();
    const result = page.getByRole('dialog').getByTestId('join-result');
    await result.getByText('1 friend invited', { exact: true }).waitFor();
    expect(await tierStates(result)).toEqual(['true', 'false', 'false', 'false']);
    await page.close();
  });
});

describe("the join result follows the server's earlyExplorer", () => {
  it('names an Early Explorer past position 100, as a place given back makes one', async () => {
    const page = await site.browser.newPage({ viewport: DESKTOP });
    await page.route('**/api/leads', (route) =>
      route.fulfill({
        status: 201,
        json: { position: 130, refCode: firstCode, spotsLeft: 0, earlyExplorer: true, alreadyJoined: false },
      }),
    );
    await visit(page, `${site.url}/`);
    await page.getByRole('banner').getByRole('button', { name: 'Join Explorers' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('late-but-lucky@example.com');
    await dialog.getByRole('button', { name: 'Join Now' }).click();
    await page.getByText('Welcome, Early Explorer #130! Your lifetime access is reserved.', { exact: true }).waitFor();
    await page.getByRole('dialog').getByTestId('join-result').getByRole('heading', { name: "You're Explorer #130" }).waitFor();
    await page.close();
  });
});
