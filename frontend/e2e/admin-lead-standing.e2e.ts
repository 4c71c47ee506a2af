/**
 * A lead's standing in the admin console, in Chromium against the built server: leads joined over HTTP
 * through one referrer's link (one confirmed, one pending, one from a throwaway address), shown in the Leads
 * tab with their status, flags and referral; a referral voided from the tab and another from the lead detail's
 * Standing card, each behind a confirmation; a failed voiding shows the API's message. A visitor who joins
 * through the quiz has the visit they took it in on their detail page. Screenshots at 1280 px and 390 px.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../backend/src/shared/testing/eventually.js';
import { SCREENSHOTS_DIR, confirmLead, useSite, visit } from './browser.js';
import { launchAsPerson } from './chromium.js';

const site = useSite();
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const ADMIN = { email: 'standing@example.com', password: 'standing-secret' };
let referrerCode = '';
/** Longer than a phone's line: it must wrap, and only before the @. */
const LONG_ADDRESS = 'a.rather.long.address.for.testing@mail.subdomain.example.com';

/** Whether the element is wholly within the viewport and within every box around it that clips (a scroller). */
function shownWhole(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.left < 0 || box.right > window.innerWidth) return false;
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      if (getComputedStyle(parent).overflowX === 'visible') continue;
      const clip = parent.getBoundingClientRect();
      if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5) return false;
    }
    return true;
  });
}

async function join(email: string, ref?: string): Promise<{ refCode: string }> {
  const response = await fetch(`${site.url}/api/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, source_page: '/', ref }),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { refCode: string };
}

async function invitesOf(code: string): Promise<number> {
  const body = (await (await fetch(`${site.url}/api/referrals/${code}`)).json()) as { stats: { total_signups: number } };
  return body.stats.total_signups;
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
  await page.getByRole('button', { name: 'Logout' }).waitFor();
  return page;
}

const text = async (locator: Locator) => (await locator.innerText()).replace(/\s+/g, ' ').trim();
const row = (page: Page, email: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: email, exact: true }) });
/** A row's cells after the e-mail: Source Page, Date, Status, Referral, Flags, actions. */
const cells = async (page: Page, email: string) =>
  (await row(page, email).getByRole('cell').allInnerTexts()).map((c) => c.replace(/\s+/g, ' ').trim());

beforeAll(async () => {
  const env = { ...process.env, DATABASE_URL: site.database.url, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  await promisify(execFile)('npx', ['tsx', 'backend/src/cli/grant-admin.ts', ADMIN.email, '--password', ADMIN.password], { env });
  referrerCode = (await join('referrer@example.com')).refCode;
  await join('friend@example.com', referrerCode);
  await join('pal@example.com', referrerCode);
  await join('throwaway@mailinator.com', referrerCode);
  await confirmLead(site, 'friend@example.com');
  // Credited by the async referral-stats projection, a moment after the confirmation.
  await eventually(async () => (await invitesOf(referrerCode)) === 1, { timeout: 20_000 });
});

describe('lead standing in the Leads tab', () => {
  it('shows each lead’s status, flags and referral, and voids a referral behind a confirmation', async () => {
    const page = await signedInPage();
    await page.getByRole('tab', { name: 'Leads (4)' }).click();
    await row(page, 'friend@example.com').waitFor();

    const friend = await cells(page, 'friend@example.com');
    expect(friend[3]).toBe('Confirmed');
    expect(friend[4]).toBe(`${referrerCode} Credited`);
    // Three referrals from one client address within minutes: each is flagged, the reason in plain text.
    expect(friend[5]).toBe('Referral burst One of many referrals from one client address or session within minutes: 3 referrals');

    const throwaway = await cells(page, 'throwaway@mailinator.com');
    expect(throwaway[3]).toBe('Pending');
    expect(throwaway[4]).toBe(`${referrerCode} Refused Disposable e-mail domain`);
    expect(throwaway[5]).toContain('Disposable address Disposable e-mail domain');
    expect(
      await row(page, 'throwaway@mailinator.com')
        .getByRole('button', { name: /^Void referral/ })
        .count(),
    ).toBe(0);

    const referrer = await cells(page, 'referrer@example.com');
    expect(referrer.slice(3, 6)).toEqual(['Pending', '—', '—']);
    expect(
      await row(page, 'referrer@example.com')
        .getByRole('button', { name: /^Void referral/ })
        .count(),
    ).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-leads-standing.png`, fullPage: true });

    // The dialog names the lead, the referrer and what changes; Cancel changes nothing.
    await page.getByRole('button', { name: 'Void referral of friend@example.com' }).click();
    const dialog = page.getByRole('dialog', { name: 'Void this referral?' });
    expect(await text(dialog.getByText(/joined through the link of/))).toBe(
      `friend@example.com joined through the link of ${referrerCode}. It counts for the referrer now; voided, it is taken off ` +
        'their invites and the rewards they unlock. The lead stays on the list. This cannot be undone.',
    );
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-leads-void-dialog.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await cells(page, 'friend@example.com'))[4]).toBe(`${referrerCode} Credited`);

    await page.getByRole('button', { name: 'Void referral of friend@example.com' }).click();
    await dialog.getByRole('button', { name: 'Void referral' }).click();
    expect(await toastText(page, 'Referral voided')).toBe(
      `Referral voided friend@example.com's referral no longer counts for ${referrerCode}.`,
    );
    await expect
      .poll(async () => (await cells(page, 'friend@example.com'))[4])
      .toMatch(new RegExp(`^${referrerCode} Voided Voided by an administrator on \\d{4}-\\d{2}-\\d{2}$`));
    expect(await page.getByRole('button', { name: 'Void referral of friend@example.com' }).count()).toBe(0);
    await expect.poll(() => invitesOf(referrerCode), { timeout: 20_000 }).toBe(0);

    // A failure shows the API's message.
    await page.route('**/api/admin/leads/*/referral/void', (route) =>
      route.fulfill({ status: 409, json: { code: 'REFERRAL.NONE', message: 'This lead did not join through a referral.' } }),
    );
    await page.getByRole('button', { name: 'Void referral of pal@example.com' }).click();
    await dialog.getByRole('button', { name: 'Void referral' }).click();
    expect(await toastText(page, 'Failed to void referral')).toBe('Failed to void referral This lead did not join through a referral.');
    await dialog.waitFor({ state: 'detached' });
    expect((await cells(page, 'pal@example.com'))[4]).toBe(`${referrerCode} Pending`);
    await page.unroute('**/api/admin/leads/*/referral/void');
    await page.close();
  }, 90_000);

  it('shows each lead whole on a 390 px phone: every column in view, the address wrapped only before its @', async () => {
    await join(LONG_ADDRESS);
    const page = await signedInPage(PHONE);
    await visit(page, `${site.url}/admin/leads`);
    await row(page, 'pal@example.com').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-leads-standing-390.png`, fullPage: true });
    for (const email of ['pal@example.com', LONG_ADDRESS]) {
      const lead = row(page, email);
      await lead.scrollIntoViewIfNeeded();
      // Each value is within the screen and not clipped by a scroller: what the admin sees without scrolling sideways.
      const [, , date, status, referral] = await lead.getByRole('cell').all();
      for (const [name, value] of Object.entries({
        date: date!,
        status: status!,
        referral: referral!,
        delete: lead.getByRole('button', { name: `Delete ${email}` }),
      })) {
        expect(await shownWhole(value), `${email}: ${name}`).toBe(true);
      }
      // Each value labelled with its column's name.
      const labels = await lead.getByRole('cell').evaluateAll((all) => all.map((cell) => getComputedStyle(cell, '::before').content));
      expect(labels).toEqual(['none', '"Source Page"', '"Date"', '"Status"', '"Referral"', '"Flags"', 'none']);
    }
    // The long address breaks before its @ and nowhere else.
    const breaks = await row(page, LONG_ADDRESS)
      .getByRole('cell', { name: LONG_ADDRESS, exact: true })
      .evaluate((cell) => {
        const lines: string[] = [];
        let top = -Infinity;
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const characters = node.textContent ?? '';
          for (let i = 0; i < characters.length; i++) {
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            const { top: charTop } = range.getBoundingClientRect();
            if (charTop > top + 2) lines.push(characters[i]!);
            else lines.push(`${lines.pop() ?? ''}${characters[i]}`);
            top = Math.max(top, charTop);
          }
        }
        return lines;
      });
    expect(breaks).toEqual(['a.rather.long.address.for.testing', '@mail.subdomain.example.com']);
    await row(page, LONG_ADDRESS).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-leads-standing-390-long-address.png` });
    await page.close();
  });
});

describe('lead standing on the lead detail page', () => {
  it('shows the Standing card and voids the referral from it', async () => {
    const page = await signedInPage();
    await visit(page, `${site.url}/admin/leads`);
    await page.getByRole('cell', { name: 'pal@example.com', exact: true }).click();
    await page.getByRole('heading', { name: 'pal@example.com' }).waitFor();
    const card = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Standing' }) });
    const status = card.locator('[data-standing="status"]');
    expect(await text(status)).toBe('Status Pending #3 on the list Not confirmed yet: the spot is held for a limited time after joining.');
    expect(await text(card.locator('[data-standing="flags"]'))).toBe(
      'Flags Referral burst One of many referrals from one client address or session within minutes: 3 referrals',
    );
    const referral = card.locator('[data-standing="referral"]');
    expect(await text(referral)).toBe(`Joined through ${referrerCode} Pending Void referral`);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-lead-standing.png`, fullPage: true });

    await referral.getByRole('button', { name: 'Void referral' }).click();
    const dialog = page.getByRole('dialog', { name: 'Void this referral?' });
    await dialog
      .getByText('It would count for the referrer once this lead confirms their address; voided, it never will.', { exact: false })
      .waitFor();
    await dialog.getByRole('button', { name: 'Void referral' }).click();
    await toastText(page, 'Referral voided');
    await expect.poll(() => text(referral)).toMatch(new RegExp(`^Joined through ${referrerCode} Voided Voided by an administrator on `));
    expect(await referral.getByRole('button', { name: 'Void referral' }).count()).toBe(0);
    // The Changes card is read again: the voiding, by this admin.
    await page.getByRole('list', { name: 'Changes' }).getByText(`Voided a referral to the code ${referrerCode}`, { exact: true }).waitFor();

    await page.setViewportSize(PHONE);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-lead-standing-390.png`, fullPage: true });

    // A confirmed lead: the date it confirmed; one that joined without a referral says so.
    await page.setViewportSize(DESKTOP);
    await visit(page, `${site.url}/admin/leads`);
    await page.getByRole('cell', { name: 'friend@example.com', exact: true }).click();
    await page.getByRole('heading', { name: 'friend@example.com' }).waitFor();
    expect(await text(status)).toMatch(/^Status Confirmed #2 on the list Confirmed [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2} UTC$/);
    await page.goBack();
    await page.getByRole('cell', { name: 'referrer@example.com', exact: true }).click();
    await page.getByRole('heading', { name: 'referrer@example.com' }).waitFor();
    expect(await text(card.locator('[data-standing="flags"]'))).toBe('Flags None');
    expect(await text(referral)).toBe('Joined through No referral');
    await page.close();
  }, 90_000);
});

describe('a lead who joined through the quiz', () => {
  it('shows the visit they took the quiz in, with its pages, on their detail page', async () => {
    // Browsing as a person's Chrome: the visits of a browser that names itself headless, or says it is driven
    // by automation, are left out of the figures.
    const human = await launchAsPerson();
    try {
      const visitor = await human.newPage({ viewport: DESKTOP });
      await visit(visitor, `${site.url}/app/invoice-chaser`);
      await visit(visitor, `${site.url}/`);
      const quiz = visitor.getByTestId('quiz');
      await visitor.getByRole('heading', { name: 'Which tool fits you?' }).scrollIntoViewIfNeeded();
      await quiz.getByRole('textbox', { name: 'Email' }).fill('quiz.lead@example.com');
      await quiz.getByRole('button', { name: 'Start the quiz' }).click();
      for (const choice of ['Manual work and data entry', 'Finance', 'Typing it into Excel or Google Sheets', 'Just me']) {
        await quiz.getByRole('button', { name: choice, exact: true }).click();
      }
      await quiz.getByTestId('quiz-place').waitFor();
      // Leaving sends what the tracker still holds.
      await visitor.close({ runBeforeUnload: true });
    } finally {
      await human.close();
    }
    await eventually(
      async () => {
        const { rows } = await sql<{ views: number }>`
          select count(*)::int as views from lead_sessions l join leads on leads.id = l.lead_id
          join page_views p on p.session_id = l.session_id where leads.email = 'quiz.lead@example.com'`.execute(site.db);
        return rows[0]!.views === 2;
      },
      { timeout: 20_000 },
    );

    const page = await signedInPage();
    await visit(page, `${site.url}/admin/leads`);
    await page.getByRole('cell', { name: 'quiz.lead@example.com', exact: true }).click();
    await page.getByRole('heading', { name: 'quiz.lead@example.com' }).waitFor();
    const tile = async (label: string) => text(page.locator(`[data-tile="${label}"]`));
    expect(await tile('Total Sessions')).toBe('Total Sessions 1');
    expect(await tile('Pages Visited')).toBe('Pages Visited 2');
    const timeline = page.getByRole('list', { name: 'Activity Timeline' });
    // Each entry's first line, newest first: the home page (the quiz), the app page, the session's start.
    const items = await timeline
      .locator(':scope > li')
      .evaluateAll((lis) => lis.map((li) => li.querySelector('p')!.textContent!.replace(/\s+/g, ' ').trim()));
    const pages = items.filter((item) => item.startsWith('Viewed ') && !item.startsWith('Viewed an app'));
    expect(pages).toEqual([expect.stringMatching(/^Viewed Unsheet\b/), expect.stringMatching(/^Viewed Invoice Chaser\b/)]);
    expect(items.at(-1)).toBe('Session started direct');
    expect(await page.getByText('No activity recorded for this lead.').count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-lead-from-quiz.png`, fullPage: true });
    await page.close();
  }, 90_000);
});
