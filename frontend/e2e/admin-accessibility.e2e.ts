/**
 * WCAG 2.1 AA in Chromium, by axe-core, over the admin login and every console screen, with data on them
 * (a lead with its detail, a suggestion, a question, a developer inquiry). A screen joins by being added to
 * SCREENS.
 */
import axe from 'axe-core';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { grantAdmin } from '../../backend/src/identity/commands/grant-admin.js';
import { profilesProjection } from '../../backend/src/identity/projections/profiles.projection.js';
import { EventStore } from '../../backend/src/shared/event-store/event-store.js';
import { ADMIN_TABS, paths } from '../src/lib/paths.js';
import { idle, useSite, visit } from './browser.js';

const site = useSite();
const ADMIN = { email: 'a11y-admin@example.com', password: 'a11y-admin-password' };
let leadId = '';

const post = (path: string, body: unknown) =>
  fetch(`${site.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

beforeAll(async () => {
  await grantAdmin(site.db, new EventStore(site.db, [profilesProjection]), ADMIN);
  expect((await post('/api/leads', { email: 'reader@example.com', source_page: '/c/finance' })).status).toBe(201);
  expect((await post('/api/suggestions', { email: 'idea@example.com', suggestion_text: 'A rota planner' })).status).toBe(201);
  expect((await post('/api/quick-questions', { name: 'Ada', email: 'ada@example.com', message: 'CSV export?' })).status).toBe(201);
  expect((await post('/api/developer-inquiries', { name: 'Dev', email: 'dev@example.com', message: 'I build tools.' })).status).toBe(201);
  leadId = (await sql<{ id: string }>`select id from leads where email = 'reader@example.com'`.execute(site.db)).rows[0]!.id;
});

const SCREENS = () => [
  ...ADMIN_TABS.map((tab) => paths.adminTab(tab)),
  paths.adminLead(leadId),
  paths.adminApps,
  paths.adminNewApp,
  paths.adminImportApps,
  paths.adminGoogleAdsCsv,
  paths.adminAnalytics,
  paths.adminAudit,
];

/** axe-core's WCAG 2.0 and 2.1 A and AA rules on the page as it is; each violation with the elements it found. */
async function violations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol: the page's CSP allows no inline script tag, rightly.
  await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const results = await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
    return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
  });
}

async function signIn(page: Page): Promise<void> {
  await visit(page, `${site.url}${paths.adminLogin}`);
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${site.url}${paths.adminDashboard}`);
}

describe('the admin console meets WCAG 2.1 AA (axe-core)', () => {
  it('on the login page', async () => {
    const page = await site.browser.newPage({ viewport: { width: 1280, height: 900 } });
    await visit(page, `${site.url}${paths.adminLogin}`);
    expect(await violations(page)).toEqual([]);
    await page.close();
  });

  it('on every console screen, at 1280 and 390 px', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await signIn(page);
    const found: Record<string, string[]> = {};
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const path of SCREENS()) {
        await visit(page, `${site.url}${path}`);
        // The console shows nothing until the session is restored from its cookie; then its data loads.
        await page.getByRole('button', { name: 'Logout' }).waitFor();
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await idle(page);
        const onScreen = await violations(page);
        if (onScreen.length > 0) found[`${path} at ${width} px`] = onScreen;
      }
    }
    expect(found).toEqual({});
    await context.close();
  }, 180_000);
});
