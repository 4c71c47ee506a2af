/**
 * Accounts in Chromium against the built server: a visitor signs up, receives the confirmation e-mail on a
 * real SMTP server, follows the link, is signed in (in every tab), and signs out; the admin login and the
 * console's redirect rules.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type SmtpTestServer } from '../../backend/src/shared/testing/smtp-test-server.js';
import { eventually } from '../../backend/src/shared/testing/eventually.js';
import { SCREENSHOTS_DIR, useSite, visit } from './browser.js';

let smtp: SmtpTestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});

const site = useSite(() => ({ SMTP_URL: smtp.url, EMAIL_POLL_MS: '50' }));
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

async function toastText(page: Page, title: string): Promise<string> {
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: title }).first();
  await toast.waitFor();
  return (await toast.innerText()).replace(/\s+/g, ' ').trim();
}

async function confirmationToken(address: string): Promise<string> {
  await eventually(() => smtp.messages.some((m) => m.text?.includes('/auth/confirm?token=') && JSON.stringify(m.to).includes(address)), {
    timeout: 15_000,
  });
  const mail = smtp.messages.findLast((m) => JSON.stringify(m.to).includes(address))!;
  return mail.text!.match(/\/auth\/confirm\?token=(\S+)/)![1]!;
}

/** What an operator does: `npm run admin:grant -- <email> --password <password>`. */
async function createAdmin(email: string, password: string) {
  const env = { ...process.env, DATABASE_URL: site.database.url, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
  const { stdout } = await promisify(execFile)('npx', ['tsx', 'backend/src/cli/grant-admin.ts', email, '--password', password], { env });
  expect(stdout).toContain(`Created the administrator account ${email}`);
}

describe('visitor accounts in Chromium', () => {
  it('signs up, confirms by e-mail, is signed in across tabs, and signs out', async () => {
    const context = await site.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await visit(page, `${site.url}/`);
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await page.waitForURL(`${site.url}/auth`);

    // Toggling clears the fields and the error.
    await page.getByLabel('Email', { exact: true }).fill('wrong@example.com');
    await page.getByLabel('Password', { exact: true }).fill('nope-nope');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect
      .poll(() => page.getByRole('alert').innerText())
      .toBe('Invalid email or password. Please check your credentials and try again.');
    await page.getByRole('button', { name: 'Sign up' }).click();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('');
    expect(await page.getByRole('alert').count()).toBe(0);

    const email = page.getByLabel('Email', { exact: true });
    const password = page.getByLabel('Password', { exact: true });
    const confirm = page.getByLabel('Confirm password');
    await email.fill('ada@example.com');
    await password.fill('secret1');
    await confirm.fill('secret2');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    expect(await page.getByRole('alert').innerText()).toBe('Passwords do not match.');
    await password.fill('12345');
    await confirm.fill('12345');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    expect(await page.getByRole('alert').innerText()).toBe('Password must be at least 6 characters long.');

    // Show / hide.
    expect(await password.getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Show password' }).first().click();
    expect(await password.getAttribute('type')).toBe('text');

    await password.fill('secret1');
    await confirm.fill('secret1');
    await page.screenshot({ path: `${SCREENSHOTS_DIR}auth-sign-up.png` });
    await page.getByRole('button', { name: 'Sign Up' }).click();
    expect(await toastText(page, 'Account created!')).toBe('Account created! Please check your email for a confirmation link.');

    // Signing up again with the same address.
    await email.fill('ADA@example.com');
    await password.fill('secret1');
    await confirm.fill('secret1');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => page.getByRole('alert').innerText()).toBe('This email is already registered. Please sign in instead.');

    // Not confirmed yet.
    await page.getByRole('button', { name: 'Sign in' }).click();
    await email.fill('ada@example.com');
    await password.fill('secret1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect
      .poll(() => page.getByRole('alert').innerText())
      .toBe('Please check your email and click the confirmation link before signing in.');

    // A second tab, still signed out.
    const other = await context.newPage();
    await visit(other, `${site.url}/about`);
    await other.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();

    await visit(page, `${site.url}/auth/confirm?token=${await confirmationToken('ada@example.com')}`);
    await page.waitForURL(`${site.url}/`);
    await page.getByRole('banner').getByText('Welcome back!').waitFor();
    // The other tab follows without a reload.
    await other.getByRole('banner').getByText('Welcome back!').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}auth-signed-in.png` });

    // /auth redirects a signed-in visitor home.
    await visit(page, `${site.url}/auth`);
    await page.waitForURL(`${site.url}/`);

    await other.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await other.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();

    // Signing in with the password now works, with the spec's toast.
    await visit(page, `${site.url}/auth`);
    await page.getByLabel('Email', { exact: true }).fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    expect(await toastText(page, 'Welcome back!')).toBe('Welcome back! You have successfully signed in.');
    await page.waitForURL(`${site.url}/`);
    await context.close();
  }, 90_000);

  it('signs the header out in a new tab once the server has ended the session', async () => {
    await createAdmin('ended@example.com', 'secret-ended');
    const context = await site.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await visit(page, `${site.url}/auth`);
    await page.getByLabel('Email', { exact: true }).fill('ended@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret-ended');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${site.url}/`);
    await page.getByRole('banner').getByText('Welcome back!').waitFor();

    // Signed out elsewhere (every refresh token revoked): the next browser session must not say welcome back.
    await sql`update refresh_tokens set revoked_at = now()`.execute(site.db);
    const later = await context.newPage();
    await visit(later, `${site.url}/about`);
    await later.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
    await context.close();
  });

  it('offers Sign Out in the mobile menu when signed in', async () => {
    await createAdmin('mobile@example.com', 'secret-mobile');
    const page = await site.browser.newPage({ viewport: PHONE });
    await visit(page, `${site.url}/auth`);
    await page.getByLabel('Email', { exact: true }).fill('mobile@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret-mobile');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${site.url}/`);
    // The menu opens while the sign-in toast is still showing: the toast sits below the header, not over it.
    // (The toast stays 4 s: a click that had to wait for it to go would time out.)
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText('Welcome back!')
      .waitFor();
    await page.getByRole('button', { name: 'Open menu' }).click({ timeout: 3000 });
    const menu = page.getByRole('dialog');
    await menu.getByText('Welcome back!').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}auth-mobile-menu.png` });
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Sign In' }).waitFor();
    await page.close();
  });
});

describe('admin login in Chromium', () => {
  it('sends a signed-out visitor of the console to the login, and an administrator to the dashboard', async () => {
    await createAdmin('boss@example.com', 'boss-secret');
    const page = await site.browser.newPage({ viewport: DESKTOP });
    await visit(page, `${site.url}/admin/dashboard`);
    await page.waitForURL(`${site.url}/admin/login`);

    const submit = page.getByRole('button', { name: 'Sign In', exact: true });
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Email', { exact: true }).fill('boss@example.com');
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    expect(await submit.isDisabled()).toBe(false);
    await submit.click();
    expect(await toastText(page, 'Login failed')).toBe('Login failed Invalid credentials');

    await page.getByLabel('Password', { exact: true }).fill('boss-secret');
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-login.png` });
    await submit.click();
    await page.waitForURL(`${site.url}/admin/dashboard`);
    expect(await toastText(page, 'Welcome back!')).toBe('Welcome back!');
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();

    // A reload keeps the session (the refresh cookie gives a new access token).
    await visit(page, `${site.url}/admin`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${site.url}/admin/login`);
    await visit(page, `${site.url}/admin/dashboard`);
    await page.waitForURL(`${site.url}/admin/login`);
    await page.close();
  }, 60_000);

  it('keeps a visitor account out of the console', async () => {
    const page = await site.browser.newPage({ viewport: DESKTOP });
    const pageErrors: Error[] = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    await visit(page, `${site.url}/admin/login`);
    // The server-rendered login hydrates cleanly (a heading nested in the card's title once broke it).
    expect(pageErrors.map((error) => error.message)).toEqual([]);
    await page.getByRole('button', { name: 'Create Admin Account' }).click();
    await page.getByLabel('Email', { exact: true }).fill('hopeful@example.com');
    await page.getByLabel('Password', { exact: true }).fill('hopeful1');
    await page.getByRole('button', { name: 'Create Admin Account' }).first().click();
    expect(await toastText(page, 'Account created!')).toBe('Account created! Please check your email to verify your account.');

    // The confirmation link leads to the dashboard, which an account without the admin role cannot enter.
    await visit(page, `${site.url}/auth/confirm?token=${await confirmationToken('hopeful@example.com')}`);
    await page.waitForURL(`${site.url}/admin/login`);

    await page.getByLabel('Email', { exact: true }).fill('hopeful@example.com');
    await page.getByLabel('Password', { exact: true }).fill('hopeful1');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    expect(await toastText(page, 'Login failed')).toBe('Login failed This account does not have administrator access.');
    expect(new URL(page.url()).pathname).toBe('/admin/login');
    await page.close();
  }, 60_000);
});
