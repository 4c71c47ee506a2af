/**
 * The link in the welcome e-mail, in Chromium against the built server: it opens the site's own page (its
 * header, its styles, an address outside /api/), whose one button confirms the place on the list; a link
 * e-mailed before that page existed (/api/leads/confirm?token=…) still leads there, and a broken one says so.
 */
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../backend/src/shared/testing/eventually.js';
import { startSmtpServer, type SmtpTestServer } from '../../backend/src/shared/testing/smtp-test-server.js';
import { SCREENSHOTS_DIR, useSite, visit } from './browser.js';

let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp?.close());

const site = useSite(() => ({ SMTP_URL: smtp.url, EMAIL_POLL_MS: '50' }));

/** The confirmation link of the welcome e-mail to `email`, once it has arrived. */
async function welcomeLink(email: string): Promise<URL> {
  const response = await fetch(`${site.url}/api/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, source_page: '/' }),
  });
  expect(response.status).toBe(201);
  let text = '';
  await eventually(
    () => {
      text = smtp.messages.find((message) => JSON.stringify(message.to).includes(email))?.text ?? '';
      return text !== '';
    },
    { timeout: 15_000 },
  );
  const links = [...text.matchAll(/https?:\/\/\S+/g)].map(([link]) => new URL(link));
  return links.find((link) => link.searchParams.has('token'))!;
}

async function confirmedAt(email: string): Promise<Date | null> {
  const { rows } = await sql<{ confirmed_at: Date | null }>`select confirmed_at from leads where email = ${email}`.execute(site.db);
  return rows[0]!.confirmed_at;
}

/** The site's own page: its header and styles, not a bare HTML answer of the API. */
async function expectSitePage(page: Page): Promise<void> {
  await page.getByRole('banner').waitFor();
  expect(new URL(page.url()).pathname).toBe('/confirm');
  expect(await page.evaluate(() => document.styleSheets.length)).toBeGreaterThan(0);
}

describe('the confirmation link of the welcome e-mail', () => {
  for (const viewport of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    it(`opens the site's confirmation page, whose button confirms the place (${viewport.width} px)`, async () => {
      const email = `confirm-${viewport.width}@example.com`;
      const link = await welcomeLink(email);
      expect(link.pathname).toBe('/confirm');
      const context = await site.browser.newContext({ viewport });
      const page = await context.newPage();
      await visit(page, `${site.url}${link.pathname}${link.search}`);
      await expectSitePage(page);
      await page.getByRole('heading', { name: 'Confirm your place on the Unsheet list' }).waitFor();
      await page.getByText('Confirm that this address is yours, to keep your place on the list.').waitFor();
      await page.screenshot({ path: `${SCREENSHOTS_DIR}lead-confirm-${viewport.width}.png` });
      // Opening the link changed nothing (link scanners open links too): the button does.
      expect(await confirmedAt(email)).toBeNull();

      await page.getByRole('button', { name: 'Confirm my address' }).click();
      await page.getByRole('heading', { name: 'Your address is confirmed' }).waitFor();
      await page
        .getByText('Your place on the Unsheet list is yours for good, and friends who join through your link now count.', { exact: true })
        .waitFor();
      expect(await confirmedAt(email)).not.toBeNull();
      await page.screenshot({ path: `${SCREENSHOTS_DIR}lead-confirmed-${viewport.width}.png` });
      await context.close();
    });
  }

  it('takes a link e-mailed with the API address to the same page', async () => {
    const email = 'old-link@example.com';
    const link = await welcomeLink(email);
    const context = await site.browser.newContext();
    const page = await context.newPage();
    await visit(page, `${site.url}/api/leads/confirm${link.search}`);
    await expectSitePage(page);
    expect(new URL(page.url()).search).toBe(link.search);
    await page.getByRole('button', { name: 'Confirm my address' }).click();
    await page.getByRole('heading', { name: 'Your address is confirmed' }).waitFor();
    expect(await confirmedAt(email)).not.toBeNull();
    await context.close();
  });

  it('says when a link is broken or forged, and confirms nothing', async () => {
    const context = await site.browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await visit(page, `${site.url}/confirm?token=forged.123.abc`);
    await expectSitePage(page);
    await page.getByRole('heading', { name: 'This link is not valid' }).waitFor();
    await page.getByText('The confirmation link is incomplete or has expired.', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Confirm my address' }).count()).toBe(0);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}lead-confirm-invalid-390.png` });
    await context.close();
  });
});
