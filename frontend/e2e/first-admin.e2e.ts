/**
 * The first administrator on a fresh install, in Chromium against the built server: the link `npm start`
 * prints opens the setup page, whose form creates the administrator and lands in the admin console signed in;
 * the link then says it is void.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SETUP_LINK_INVALID } from '../../contracts/identity/first-admin.js';
import { SCREENSHOTS_DIR, useSite, visit } from './browser.js';

const site = useSite({ LOG_LEVEL: 'info' });

/** The link the server printed on start, opened on this machine's address. */
function printedLink(): string {
  const match = /Create the first administrator: ([^\s"]+)/.exec(site.output());
  expect(match, site.output()).not.toBeNull();
  const link = new URL(match![1]!);
  return `${site.url}${link.pathname}${link.search}`;
}

async function open(viewport: { width: number; height: number }): Promise<Page> {
  const context = await site.browser.newContext({ viewport });
  const page = await context.newPage();
  await visit(page, printedLink());
  return page;
}

const SIZES = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
];

describe('the setup link printed on a fresh install', () => {
  it('opens a form to create the first administrator (390 px)', async () => {
    const page = await open(SIZES[1]!);
    await page.getByRole('heading', { name: 'Create the first administrator' }).waitFor();
    await page.getByRole('button', { name: 'Create administrator account' }).waitFor();
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex');
    await page.screenshot({ path: `${SCREENSHOTS_DIR}first-admin-form-390.png` });
    await page.context().close();
  });

  it('creates the administrator and lands in the admin console signed in (1280 px)', async () => {
    const page = await open(SIZES[0]!);
    // The setup form (the page's footer has an e-mail field of its own).
    const form = page.locator('form', { has: page.getByRole('button', { name: 'Create administrator account' }) });
    await form.getByLabel('Email').fill('owner@example.com');
    await form.getByLabel('Password', { exact: true }).fill('owner-secret');
    await form.getByLabel('Confirm password').fill('different');
    await page.getByRole('button', { name: 'Create administrator account' }).click();
    await page.getByText('Passwords do not match.', { exact: true }).waitFor();
    await form.getByLabel('Confirm password').fill('owner-secret');
    await page.screenshot({ path: `${SCREENSHOTS_DIR}first-admin-form-1280.png` });
    await page.getByRole('button', { name: 'Create administrator account' }).click();

    await page.waitForURL(`${site.url}/admin/dashboard`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}first-admin-console-1280.png` });
    // A reload keeps the session (the refresh cookie the setup set).
    await visit(page, `${site.url}/admin/dashboard`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.context().close();
  });

  for (const viewport of SIZES) {
    it(`says the link is void once used (${viewport.width} px)`, async () => {
      const page = await open(viewport);
      await page.getByText(SETUP_LINK_INVALID, { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: 'Create administrator account' }).count()).toBe(0);
      await page.screenshot({ path: `${SCREENSHOTS_DIR}first-admin-void-${viewport.width}.png` });
      await page.context().close();
    });
  }
});
