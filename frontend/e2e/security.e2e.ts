/**
 * Browser security, in Chromium against the built app:
 * - the Content Security Policy: every page type loads, hydrates and registers its service worker with no
 *   CSP violation (so no inline script runs but the page's nonce'd loader), and the ads tag may load;
 * - stored strings are escaped: payloads planted through the public APIs (suggestions, questions, lead
 *   addresses) and the catalogue (an app added by the admin command, a javascript: link written in the
 *   database) run nothing in the server-rendered pages, after hydration, in the inline JSON block, or in
 *   the e-mails that quote them. These pages are opened with the CSP bypassed, so what is proven is the
 *   escaping itself, not the policy catching it.
 * Admin console pages join by being added to ADMIN_PAGES.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AddApp, AddAppHandler } from '../../backend/src/catalogue/commands/add-app.command.js';
import { grantAdmin } from '../../backend/src/identity/commands/grant-admin.js';
import { appsProjection } from '../../backend/src/catalogue/projections/apps.projection.js';
import { profilesProjection } from '../../backend/src/identity/projections/profiles.projection.js';
import { EventStore } from '../../backend/src/shared/event-store/event-store.js';
import { startSmtpServer, type SmtpTestServer } from '../../backend/src/shared/testing/smtp-test-server.js';
import { eventually } from '../../backend/src/shared/testing/eventually.js';
import { paths } from '../src/lib/paths.js';
import { followRequests, idle, loaded, useSite, visit } from './browser.js';

let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});
const site = useSite(() => ({
  SMTP_URL: smtp.url,
  EMAIL_POLL_MS: '50',
  GOOGLE_ADS_ID: 'AW-123456789/AbCdEf',
  CONVERSION_PAGE_URL: 'https://landing.example.com/thanks',
}));

/** Each payload sets the global flag (to where it ran) and opens a dialog if it ever runs. */
const MARKUP = `<img src=x onerror="window.__pwned='img';alert('img')">`;
const SCRIPT = `</script><script>window.__pwned='script';alert('script')</script>`;
const ATTRIBUTE = `" autofocus onfocus="window.__pwned='attribute';alert('attribute')" x="`;
const JAVASCRIPT_URL = "javascript:window.__pwned='href';alert('href')";
const HOSTILE_TEXT = `${MARKUP} ${SCRIPT} ${ATTRIBUTE}`;
/** A lead address's local part may hold quotes, braces, slashes and equals signs, never < > ( ) " ; : */
const HOSTILE_EMAIL = "x'onmouseover=window.__pwned=1//{{7*7}}@example.com";
const ADMIN = { email: 'security-admin@example.com', password: 'security-admin' };

const PUBLIC_PAGES = [
  paths.home,
  paths.category('sales'),
  paths.app('hostile-app'),
  paths.about,
  paths.contact,
  paths.privacy,
  paths.terms,
  paths.offline,
  paths.auth,
  '/no-such-page',
];
/** Console pages (signed in as an administrator); each shows what visitors sent or the catalogue. */
const ADMIN_PAGES = [
  paths.adminDashboard,
  paths.adminTab('leads'),
  paths.adminTab('suggestions'),
  paths.adminTab('questions'),
  paths.adminTab('developer-inquiries'),
  paths.adminTab('app-links'),
  paths.adminApps,
  paths.adminGoogleAdsCsv,
  paths.adminAnalytics,
  paths.adminAudit,
];

interface Watch {
  dialogs: string[];
  violations: string[];
}

async function watched(context: BrowserContext): Promise<{ page: Page; watch: Watch; requests: ReturnType<typeof followRequests> }> {
  const page = await context.newPage();
  const requests = followRequests(page);
  const watch: Watch = { dialogs: [], violations: [] };
  page.on('dialog', (dialog) => {
    watch.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) watch.violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { __violations: string[] }).__violations ??= [];
      (window as unknown as { __violations: string[] }).__violations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return { page, watch, requests };
}

async function violationsIn(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []);
}

async function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${site.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

async function signInAdmin(page: Page): Promise<void> {
  await visit(page, `${site.url}${paths.adminLogin}`);
  await page.getByLabel('Email', { exact: true }).fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL(`${site.url}${paths.adminDashboard}`);
}

describe('stored payloads and the CSP', () => {
  beforeAll(async () => {
    // What the admin command and the app form write, with the read models they update at once.
    const events = new EventStore(site.db, [appsProjection, profilesProjection]);
    await grantAdmin(site.db, events, ADMIN);
    await new AddAppHandler(events).execute(
      new AddApp({
        name: `Hostile ${MARKUP}`,
        slug: 'hostile-app',
        description: SCRIPT,
        long_description: ATTRIBUTE,
        category: 'Sales',
        meta_title: `</title>${SCRIPT}`,
        meta_description: ATTRIBUTE,
        key_features: [MARKUP, SCRIPT],
        faq_items: [{ question: MARKUP, answer: SCRIPT }],
        app_url: 'https://hostile.example.com',
        featured: true,
      }),
    );
    // A link no form accepts, as it could be written in the database directly.
    await site.db
      .updateTable('apps')
      .set({ app_url: JAVASCRIPT_URL, status_link_enabled: true })
      .where('slug', '=', 'hostile-app')
      .execute();

    const referrer = (await (await post('/api/leads', { email: HOSTILE_EMAIL })).json()) as { refCode: string };
    expect(referrer.refCode).toMatch(/^[0-9A-Z]{6}$/);
    expect((await post('/api/leads', { email: 'friend-of-hostile@example.com', ref: referrer.refCode })).status).toBe(201);
    expect((await post('/api/suggestions', { email: HOSTILE_EMAIL, suggestion_text: HOSTILE_TEXT, category: 'Sales' })).status).toBe(201);
    expect((await post('/api/quick-questions', { name: `${MARKUP}`, email: HOSTILE_EMAIL, message: HOSTILE_TEXT })).status).toBe(201);
    expect(
      (
        await post('/api/developer-inquiries', {
          name: ATTRIBUTE.slice(0, 90),
          email: HOSTILE_EMAIL,
          message: HOSTILE_TEXT,
          portfolio_url: null,
        })
      ).status,
    ).toBe(201);
  });

  it.each(PUBLIC_PAGES)('runs no stored payload on %s, as served and hydrated', async (path) => {
    const context = await site.browser.newContext({ bypassCSP: true });
    const { page, watch, requests } = await watched(context);
    const response = await page.goto(`${site.url}${path}`);
    const served = await response!.text();
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    // Every lazily loaded part (the leaderboard) in, with its data, and the pointer moved over everything.
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await loaded(page);
    await requests.quiet();
    await page.mouse.move(10, 10);
    await expectNothingRan(page, watch, path);
    // The inline JSON block is intact data: it parses, and the payloads in it are still text.
    const initialData = await page.evaluate(() => JSON.parse(document.getElementById('initial-data')?.textContent ?? '{}'));
    if (path === paths.app('hostile-app')) {
      expect(initialData['/apps/hostile-app']).toMatchObject({
        name: `Hostile ${MARKUP}`,
        description: SCRIPT,
        faq_items: [{ question: MARKUP, answer: SCRIPT }],
      });
      expect(served).not.toContain(MARKUP);
      expect(served).not.toContain('<script>window.__pwned');
      await expect(page.getByRole('heading', { level: 1 }).first().innerText()).resolves.toContain(MARKUP);
      // React refuses javascript: links; following it runs nothing either.
      for (const link of await page.locator('a[href^="javascript:"]').all()) await link.click({ force: true }).catch(() => {});
      await expectNothingRan(page, watch, `${path} after following its links`);
    }
    await context.close();
  });

  it.each(ADMIN_PAGES)('runs no stored payload on the console page %s', async (path) => {
    const context = await site.browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
    const { page, watch, requests } = await watched(context);
    await signInAdmin(page);
    await visit(page, `${site.url}${path}`);
    // What visitors sent is on the page once its data has arrived and rendered.
    await loaded(page);
    await requests.quiet();
    await expectNothingRan(page, watch, path);
    await context.close();
  });

  it('runs nothing in the e-mails that quote what visitors sent', async () => {
    await eventually(
      () => smtp.messages.filter((m) => (m.html || '').includes('Hostile') || (m.html || '').includes('__pwned')).length >= 2,
      { timeout: 20_000 },
    );
    const quoting = smtp.messages.filter((m) => typeof m.html === 'string' && /__pwned|x&#39;onmouseover|x'onmouseover/.test(m.html));
    expect(quoting.length).toBeGreaterThanOrEqual(2);
    const context = await site.browser.newContext({ bypassCSP: true, javaScriptEnabled: true });
    for (const mail of quoting) {
      const { page, watch } = await watched(context);
      // Loaded (a broken image has fired its error by then), hovered, and a frame rendered (autofocus).
      await page.setContent(mail.html as string);
      await page.mouse.move(5, 5);
      await idle(page);
      await expectNothingRan(page, watch, `the e-mail "${mail.subject}"`);
      expect(mail.html).not.toContain(MARKUP);
      expect(mail.html).not.toContain('<script>');
    }
    await context.close();
  });

  it.each([...PUBLIC_PAGES, '/api/emails/unsubscribe?token=bad', '/api/leads/confirm?token=bad', '/api/docs'])(
    'loads %s with no CSP violation',
    async (path) => {
      const context = await site.browser.newContext();
      const { page, watch, requests } = await watched(context);
      await page.goto(`${site.url}${path}`);
      if (!path.startsWith('/api/')) await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      else await page.waitForLoadState('load');
      // Everything the page loads on arrival has loaded (and been checked against the policy), and the
      // violation events it caused have been dispatched.
      await requests.quiet();
      expect(await violationsIn(page)).toEqual([]);
      expect(watch.violations).toEqual([]);
      await context.close();
    },
  );

  it('keeps the console, the service worker and the ads tag working under the CSP', async () => {
    const context = await site.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const { page, watch } = await watched(context);
    await signInAdmin(page);
    for (const path of ADMIN_PAGES) await visit(page, `${site.url}${path}`);
    await visit(page, `${site.url}/`);
    // The service worker registers after load (features/pwa) and takes control.
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js', { type: 'module' }).then(() => navigator.serviceWorker.ready));
    // The ads tag (GOOGLE_ADS_ID) may load its script; this network cannot reach Google, but the policy allows it.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.src = 'https://www.googletagmanager.com/gtag/js?id=AW-123456789';
      document.head.append(script);
    });
    // An inline script injected into the page is refused: the policy is on.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = "window.__pwned = 'injected'";
      document.head.append(script);
    });
    // The refusal is reported; the ads tag, added before it, was checked against the policy before that.
    await page.waitForFunction(() =>
      ((window as unknown as { __violations?: string[] }).__violations ?? []).includes('script-src-elem inline'),
    );
    await idle(page);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: string }).__pwned)).toBeUndefined();
    const violations = await violationsIn(page);
    expect(violations).toEqual([expect.stringMatching(/^script-src-elem inline$/)]);
    expect(watch.violations.filter((v) => !/inline script/i.test(v))).toEqual([]);
    await context.close();
  });
});

async function expectNothingRan(page: Page, watch: Watch, where: string): Promise<void> {
  const state = await page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: unknown }).__pwned,
    injectedImages: document.querySelectorAll('img[src="x"]').length,
    injectedScripts: [...document.scripts].filter(
      (s) => s.type !== 'application/json' && s.type !== 'application/ld+json' && /__pwned/.test(s.text),
    ).length,
    handlers: document.querySelectorAll('[onerror], [onfocus], [onmouseover]').length,
  }));
  expect(state, where).toEqual({ pwned: undefined, injectedImages: 0, injectedScripts: 0, handlers: 0 });
  expect(watch.dialogs, where).toEqual([]);
}
