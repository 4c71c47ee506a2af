/**
 * Accounts in Chromium against the built server: a visitor signs up, receives the confirmation e-mail on a
 * real SMTP server, follows the link, is signed in (in every tab), and signs out; the admin login and the
 * console's redirect rules.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type SmtpTestServer } from '../../backend/src/shared/testing/smtp-test-server.js';
import { eventually } from '../../backend/src/shared/testing/eventually.js';
import { SCREENSHOTS_DIR, followRequests, idle, useSite, visit } from './browser.js';

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

/** The link of the newest reset e-mail to `address` (its token is in the fragment), once it has arrived. */
async function resetLink(address: string, count = 1): Promise<string> {
  const resets = () => smtp.messages.filter((m) => m.subject === 'Reset your Unsheet password' && JSON.stringify(m.to).includes(address));
  await eventually(() => resets().length >= count, { timeout: 15_000 });
  const mail = resets()[count - 1]!;
  expect(mail.text).not.toContain('?token=');
  // On this site's address (the e-mail's links are built for localhost when no PUBLIC_BASE_URL is set).
  const link = new URL(mail.text!.match(/https?:\/\/\S+\/auth\/reset-password#token=\S+/)![0]!);
  return `${site.url}${link.pathname}${link.hash}`;
}

/** A confirmed visitor account, made through the API as the sign-up form would, confirmed from its e-mail. */
async function confirmedVisitor(email: string, password: string) {
  const signUp = await fetch(`${site.url}/api/auth/sign-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(signUp.status).toBe(201);
  const confirmed = await fetch(`${site.url}/api/auth/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: await confirmationToken(email) }),
  });
  expect(confirmed.status).toBe(200);
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

    // Signing up again with the same address is answered as any sign-up: nothing tells whether an address has
    // an account. (The pending registration is replaced and a new link sent; the last link is the one that works.)
    await page.locator('[data-sonner-toast]').filter({ hasText: 'Account created!' }).waitFor({ state: 'detached' });
    await email.fill('ADA@example.com');
    await password.fill('secret1');
    await confirm.fill('secret1');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    expect(await toastText(page, 'Account created!')).toBe('Account created! Please check your email for a confirmation link.');
    expect(await page.getByRole('alert').count()).toBe(0);

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

    // Two sign-ups used the address: the newest link also asks for that sign-up's password.
    await visit(page, `${site.url}/auth/confirm?token=${await confirmationToken('ada@example.com')}`);
    await page.getByRole('heading', { name: 'Confirm your account' }).waitFor();
    expect(await page.getByText('More than one sign-up used this address.').innerText()).toBe(
      'More than one sign-up used this address. To confirm your account, enter the password you chose when you signed up.',
    );
    await page.getByLabel('Password', { exact: true }).fill('secret2');
    await page.getByRole('button', { name: 'Confirm my account' }).click();
    await expect
      .poll(() => page.getByRole('alert').innerText())
      .toBe(
        'This is not the password of the latest sign-up with this address. If you did not choose it, sign up again: only the link of your sign-up will confirm it.',
      );
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}auth-confirm-password-390.png` });
    await page.setViewportSize(DESKTOP);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}auth-confirm-password-1280.png` });
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByRole('button', { name: 'Confirm my account' }).click();
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

  it('signs out every tab even while another tab is refreshing the session', async () => {
    await confirmedVisitor('race@example.com', 'secret-race');
    const context = await site.browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await visit(page, `${site.url}/auth`);
    await page.getByLabel('Email', { exact: true }).fill('race@example.com');
    await page.getByLabel('Password', { exact: true }).fill('secret-race');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await page.waitForURL(`${site.url}/`);
    await page.getByRole('banner').getByText('Welcome back!').waitFor();

    // A tab opened now checks the session it finds with a refresh. The server answers it at once (the token is
    // rotated, the session still open); the answer reaches the tab only once the other tab has signed out.
    let refreshAnswered!: (status: number) => void;
    const answered = new Promise<number>((resolve) => (refreshAnswered = resolve));
    let deliver!: () => void;
    const delivered = new Promise<void>((resolve) => (deliver = resolve));
    await context.route('**/api/auth/refresh', async (route) => {
      const response = await route.fetch();
      refreshAnswered(response.status());
      await delivered;
      await route.fulfill({ response });
    });
    const other = await context.newPage();
    const otherRequests = followRequests(other);
    await visit(other, `${site.url}/about`);
    expect(await answered).toBe(200);

    const signOutAnswer = page.waitForResponse((response) => response.url().endsWith('/api/auth/sign-out'));
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
    await other.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
    deliver();
    expect((await signOutAnswer).status()).toBe(204);
    await otherRequests.quiet();
    await idle(page);

    // Signed out for good, in both tabs and on the server.
    expect(await page.evaluate(() => localStorage.getItem('unsheet.auth'))).toBeNull();
    for (const tab of [page, other]) {
      await tab.getByRole('banner').getByRole('link', { name: 'Sign In' }).waitFor();
      expect(await tab.getByRole('banner').getByText('Welcome back!').count()).toBe(0);
    }
    await context.unroute('**/api/auth/refresh');
    expect((await context.request.post(`${site.url}/api/auth/refresh`)).status()).toBe(401);
    await context.close();
  });

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

describe("sign-up's refusals in Chromium", () => {
  it("shows the server's message under each field it names, never the raw 'display_name: …', and says when a paste is cut", async () => {
    const context = await site.browser.newContext({ viewport: PHONE, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await visit(page, `${site.url}/auth`);
    await page.getByRole('button', { name: 'Sign up' }).click();
    const email = page.getByLabel('Email', { exact: true });
    const displayName = page.getByLabel('Display name (optional)');
    // Both pass the browser's own checks; the server refuses both.
    await email.fill('ana@example');
    await page.getByLabel('Password', { exact: true }).fill('secret1');
    await page.getByLabel('Confirm password').fill('secret1');
    await displayName.fill('<b>Ana</b>');
    await page.getByRole('button', { name: 'Sign Up' }).click();

    const messageOf = async (control: typeof email) => {
      await expect.poll(() => control.getAttribute('aria-invalid')).toBe('true');
      return page.locator(`[id="${await control.getAttribute('aria-describedby')}"]`).innerText();
    };
    expect(await messageOf(email)).toBe('Please enter a valid email address.');
    expect(await messageOf(displayName)).toBe('Display name cannot contain < > or control characters.');
    expect(await page.getByRole('alert').allInnerTexts()).toEqual([
      'Please enter a valid email address.',
      'Display name cannot contain < > or control characters.',
    ]);
    const shown = await page.locator('main').innerText();
    expect(shown).not.toContain('display_name');
    expect(shown).not.toContain('email:');
    await page.screenshot({ path: `${SCREENSHOTS_DIR}auth-sign-up-refused.png` });

    // The address fixed, the name still refused: only the name's message is left.
    await email.fill('ana-fields@example.com');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await expect.poll(() => email.getAttribute('aria-invalid')).toBeNull();
    expect(await messageOf(displayName)).toBe('Display name cannot contain < > or control characters.');

    // A pasted name longer than 100 characters is cut, and the field says so.
    await displayName.fill('');
    await page.evaluate((pasted) => navigator.clipboard.writeText(pasted), 'A'.repeat(150));
    await displayName.focus();
    await page.keyboard.press('Control+V');
    await expect.poll(async () => (await displayName.inputValue()).length).toBe(100);
    await page.getByText('Your text was cut to 100 characters, the most this field takes.', { exact: true }).waitFor();
    await context.close();
  });
});

describe('forgotten passwords in Chromium', () => {
  it('asks for a reset link on /auth, chooses a new password from the e-mail, and is signed in; the link works once', async () => {
    await confirmedVisitor('forgetful@example.com', 'old-secret');
    for (const viewport of [PHONE, DESKTOP]) {
      const page = await site.browser.newPage({ viewport });
      await visit(page, `${site.url}/auth`);
      await page.getByRole('button', { name: 'Forgot password?' }).click();
      await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
      await page.screenshot({ path: `${SCREENSHOTS_DIR}auth-forgot-${viewport.width}.png` });
      const send = page.getByRole('button', { name: 'Send reset link' });
      expect(await send.isDisabled()).toBe(true);
      await page.getByLabel('Email', { exact: true }).fill('forgetful@');
      await send.click();
      // The browser's own check of an e-mail field keeps that one from being sent.
      expect(await page.getByRole('status').count()).toBe(0);
      await page.getByLabel('Email', { exact: true }).fill('Forgetful@example.com');
      await send.click();
      expect(await page.getByRole('status').innerText()).toBe(
        'If an account uses this address, we have sent it a link to choose a new password. The link works once, for 1 hour.',
      );
      expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('');
      await page.screenshot({ path: `${SCREENSHOTS_DIR}auth-forgot-sent-${viewport.width}.png` });
      // Back to sign in, fields cleared.
      await page.getByRole('button', { name: 'Back to sign in' }).click();
      await page.getByRole('heading', { name: 'Sign in' }).waitFor();
      await page.close();
    }

    const link = await resetLink('forgetful@example.com', 2);
    const context = await site.browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await visit(page, link);
    // The page reloads itself without the token: no address it records holds it.
    await page.getByLabel('New password', { exact: true }).waitFor();
    expect(page.url()).toBe(`${site.url}/auth/reset-password`);
    await page.getByLabel('New password', { exact: true }).fill('new-secret');
    await page.getByLabel('Confirm new password').fill('new-secreT');
    await page.getByRole('button', { name: 'Set new password' }).click();
    expect(await page.getByRole('alert').innerText()).toBe('Passwords do not match.');
    await page.getByLabel('Confirm new password').fill('new-secret');
    await page.screenshot({ path: `${SCREENSHOTS_DIR}auth-reset-390.png` });
    // The header's greeting shows on a wide screen (a phone's is in the menu).
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Set new password' }).click();
    expect(await toastText(page, 'Password changed!')).toBe('Password changed! You are now signed in.');
    await page.waitForURL(`${site.url}/`);
    await page.getByRole('banner').getByText('Welcome back!').waitFor();
    await context.close();

    // The same link again: refused, with the way to a new one.
    const again = await site.browser.newPage({ viewport: DESKTOP });
    await visit(again, link);
    await again.getByLabel('New password', { exact: true }).waitFor();
    await again.getByLabel('New password', { exact: true }).fill('third-secret');
    await again.getByLabel('Confirm new password').fill('third-secret');
    await again.getByRole('button', { name: 'Set new password' }).click();
    await expect
      .poll(() => again.getByRole('alert').innerText())
      .toBe('This password reset link is invalid, has expired or has already been used. Please ask for a new one.');
    await again.screenshot({ path: `${SCREENSHOTS_DIR}auth-reset-used-1280.png` });

    // The old password is gone, the new one signs in.
    await visit(again, `${site.url}/auth`);
    await again.getByLabel('Email', { exact: true }).fill('forgetful@example.com');
    await again.getByLabel('Password', { exact: true }).fill('old-secret');
    await again.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect
      .poll(() => again.getByRole('alert').innerText())
      .toBe('Invalid email or password. Please check your credentials and try again.');
    await again.getByLabel('Password', { exact: true }).fill('new-secret');
    await again.getByRole('button', { name: 'Sign In', exact: true }).click();
    await again.waitForURL(`${site.url}/`);
    await again.close();
  }, 120_000);

  it('says a reset page opened without its link is incomplete', async () => {
    const page = await site.browser.newPage({ viewport: DESKTOP });
    await visit(page, `${site.url}/auth/reset-password`);
    expect(await page.getByRole('alert').innerText()).toBe(
      'This password reset link is incomplete. Please open the link from the e-mail again, or ask for a new one.',
    );
    await page.getByRole('link', { name: 'Go to Sign In' }).click();
    await page.waitForURL(`${site.url}/auth`);
    await page.close();
  });

  it('resets an administrator from /admin/login: the dashboard opens, and the session elsewhere is signed out', async () => {
    await createAdmin('chief@example.com', 'chief-secret');
    // Signed in on another device.
    const elsewhere = await site.browser.newContext({ viewport: DESKTOP });
    const other = await elsewhere.newPage();
    await visit(other, `${site.url}/admin/login`);
    await other.getByLabel('Email', { exact: true }).fill('chief@example.com');
    await other.getByLabel('Password', { exact: true }).fill('chief-secret');
    await other.getByRole('button', { name: 'Sign In', exact: true }).click();
    await other.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();

    const page = await site.browser.newPage({ viewport: PHONE });
    await visit(page, `${site.url}/admin/login`);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await page.getByLabel('Email', { exact: true }).fill('chief@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-forgot-390.png` });
    await visit(page, await resetLink('chief@example.com'));
    await page.getByLabel('New password', { exact: true }).fill('chief-new-secret');
    await page.getByLabel('Confirm new password').fill('chief-new-secret');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL(`${site.url}/admin/dashboard`);
    await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor();
    await page.close();

    // The other device's session ended with the reset: a reload leads to the login.
    await visit(other, `${site.url}/admin/dashboard`);
    await other.waitForURL(`${site.url}/admin/login`);
    await elsewhere.close();
  }, 90_000);
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

  it("shows the server's message under the field it names: signing in, creating an account, asking for a reset, choosing a new password", async () => {
    await createAdmin('refused@example.com', 'refused-secret');
    const page = await site.browser.newPage({ viewport: PHONE });
    const messageOf = async (control: Locator) => {
      await expect.poll(() => control.getAttribute('aria-invalid')).toBe('true');
      return page.locator(`[id="${await control.getAttribute('aria-describedby')}"]`).innerText();
    };
    await visit(page, `${site.url}/admin/login`);
    const email = page.getByLabel('Email', { exact: true });
    const password = page.getByLabel('Password', { exact: true });
    // The address passes the browser's own check of an e-mail field; the server refuses it.
    await email.fill('refused@example');
    await password.fill('refused-secret');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    expect(await messageOf(email)).toBe('Please enter a valid email address.');
    expect(await page.locator('body').innerText()).not.toContain('email:');

    // Switching to a new account clears it; a password the server finds too short goes under the password.
    await page.getByRole('button', { name: 'Create Admin Account' }).click();
    await expect.poll(() => email.getAttribute('aria-invalid')).toBeNull();
    await email.fill('refused-new@example.com');
    await password.fill('short');
    await page.getByRole('button', { name: 'Create Admin Account' }).first().click();
    expect(await messageOf(password)).toBe('Password must be at least 6 characters long.');
    await page.screenshot({ path: `${SCREENSHOTS_DIR}admin-login-refused-390.png` });

    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await email.fill('refused@example');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    expect(await messageOf(email)).toBe('Please enter a valid email address.');
    await email.fill('refused@example.com');
    await expect.poll(() => email.getAttribute('aria-invalid')).toBeNull();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').waitFor();

    await visit(page, await resetLink('refused@example.com'));
    const newPassword = page.getByLabel('New password', { exact: true });
    await newPassword.fill('x'.repeat(257));
    await page.getByLabel('Confirm new password').fill('x'.repeat(257));
    await page.getByRole('button', { name: 'Set new password' }).click();
    expect(await messageOf(newPassword)).toBe('Password must be at most 256 characters long.');
    await page.close();
  }, 60_000);
});
