/**
 * The shared chrome (header, mobile menu, footer, floating button, newsletter form) and the static pages,
 * in Chromium against the built server and a real database.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCREENSHOTS_DIR, useSite, visit } from './browser.js';

const site = useSite();

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

async function openPage(path: string, viewport = DESKTOP): Promise<Page> {
  const page = await site.browser.newPage({ viewport });
  await visit(page, `${site.url}${path}`);
  return page;
}

function pathOf(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.hash}`;
}

async function scrollWidthAt375(page: Page): Promise<number> {
  await page.setViewportSize({ width: 375, height: 812 });
  return page.evaluate(() => document.documentElement.scrollWidth);
}

const staticPages = [
  { name: 'about', path: '/about', heading: 'About Unsheet', title: 'About | Unsheet' },
  { name: 'contact', path: '/contact', heading: 'Contact Us', title: 'Contact | Unsheet' },
  { name: 'privacy', path: '/privacy', heading: 'Privacy Policy', title: 'Privacy Policy | Unsheet' },
  { name: 'terms', path: '/terms', heading: 'Terms of Service', title: 'Terms of Service | Unsheet' },
  { name: 'offline', path: '/offline', heading: 'You are offline', title: 'Offline | Unsheet' },
  { name: 'not-found', path: '/no/such/page', heading: 'Oops! Page not found', title: 'Page not found | Unsheet' },
];

describe('static pages in Chromium', () => {
  it.each(staticPages)('$path renders its heading, title and chrome, and fits 375 px', async ({ name, path, heading, title }) => {
    const page = await openPage(path);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    expect(await page.title()).toBe(title);
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${site.url}${path}`);

    await page.getByRole('button', { name: 'Got an idea?' }).waitFor();
    await page.getByRole('link', { name: 'Unsheet', exact: true }).first().waitFor();
    await expect(page.getByText('© 2025 Unsheet. All rights reserved.').isVisible()).resolves.toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}${name}-desktop.png`, fullPage: true });

    await page.setViewportSize(PHONE);
    await expect(page.getByRole('button', { name: 'Got an idea?' }).isVisible()).resolves.toBe(true);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}${name}-mobile.png`, fullPage: true });

    expect(await scrollWidthAt375(page)).toBeLessThanOrEqual(375);
    await page.close();
  });

  it('dates the Privacy Policy and the Terms of Service December 2024', async () => {
    for (const path of ['/privacy', '/terms']) {
      const page = await openPage(path);
      await page.getByText('Last updated: December 2024', { exact: true }).waitFor();
      await page.close();
    }
  });

  it('offers both ways to reach us on the Contact page', async () => {
    const page = await openPage('/contact');
    await page.getByRole('heading', { name: 'Quick Questions' }).waitFor();
    await page.getByRole('heading', { name: 'Tool Ideas' }).waitFor();
    await expect(page.getByText('within 24 hours').first().isVisible()).resolves.toBe(true);
    await page.getByRole('button', { name: 'Ask a Question' }).waitFor();
    await page.getByRole('button', { name: 'Share Your Idea' }).waitFor();
    await page.close();
  });

  it('reloads from the offline page with Try Again, and goes home with Go to Home', async () => {
    const page = await openPage('/offline');
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    await page.evaluate(() => ((window as unknown as { beforeReload?: boolean }).beforeReload = true));

    await Promise.all([page.waitForEvent('load'), page.getByRole('button', { name: 'Try Again' }).click()]);
    await page.getByRole('heading', { name: 'You are offline' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();

    await page.getByRole('link', { name: 'Go to Home' }).click();
    await page.waitForURL(`${site.url}/`);
    expect(pathOf(page)).toBe('/');
    await page.close();
  });
});

describe('header and mobile menu in Chromium', () => {
  it('shows Sign In, Join Explorers and Apply as Developer on desktop, and a menu button on a phone', async () => {
    const page = await openPage('/about');
    const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign In' });
    expect(await signIn.getAttribute('href')).toBe('/auth');
    await expect(page.getByRole('banner').getByRole('button', { name: 'Join Explorers' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Apply as Developer' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Open menu' }).isVisible()).resolves.toBe(false);

    await page.setViewportSize(PHONE);
    await expect(page.getByRole('button', { name: 'Open menu' }).isVisible()).resolves.toBe(true);
    await expect(signIn.isVisible()).resolves.toBe(false);
    await page.close();
  });

  it('opens the menu on a phone, expands Categories with counts, and closes when a link is followed', async () => {
    const page = await openPage('/about', PHONE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    for (const name of ['Home', 'Most Popular', 'About', 'Contact', 'Sign In']) {
      await expect(menu.getByRole('link', { name, exact: true }).isVisible()).resolves.toBe(true);
    }
    await expect(menu.getByRole('button', { name: 'Join Explorers' }).isVisible()).resolves.toBe(true);

    const categories = menu.getByRole('button', { name: 'Categories' });
    expect(await categories.getAttribute('aria-expanded')).toBe('false');
    await categories.click();
    expect(await categories.getAttribute('aria-expanded')).toBe('true');
    const finance = menu.getByRole('link', { name: 'Finance (2)' });
    await finance.waitFor();
    expect(await finance.getAttribute('href')).toBe('/c/finance');
    await page.screenshot({ path: `${SCREENSHOTS_DIR}mobile-menu-open.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await finance.click();
    await menu.waitFor({ state: 'detached' });
    expect(pathOf(page)).toBe('/c/finance');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('link', { name: 'Contact', exact: true }).click();
    await menu.waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
    expect(pathOf(page)).toBe('/contact');

    await page.getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('button', { name: 'Join Explorers' }).click();
    await menu.waitFor({ state: 'detached' });
    await page.close();
  });

  it('reaches and opens the menu with the keyboard alone, and Escape gives focus back', async () => {
    const page = await openPage('/', PHONE);
    await page.getByRole('button', { name: 'Open menu' }).waitFor();

    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
    const focusedLabels: (string | null)[] = [];
    for (let presses = 0; presses < 5; presses++) {
      const label = await page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);
      focusedLabels.push(label);
      if (label === 'Open menu') break;
      await page.keyboard.press('Tab');
    }
    expect(focusedLabels.at(-1)).toBe('Open menu');
    await page.screenshot({ path: `${SCREENSHOTS_DIR}keyboard-menu-focus.png` });

    await page.keyboard.press('Enter');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    // Focus moves into the sheet and stays there.
    for (let presses = 0; presses < 12; presses++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'))).toBe(true);

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open menu');
    await page.close();
  });

  it('skips to the main content from the first Tab', async () => {
    const page = await openPage('/terms', PHONE);
    await page.getByRole('heading', { name: 'Terms of Service' }).waitFor();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip.isVisible()).resolves.toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(pathOf(page)).toBe('/terms');
    await page.close();
  });
});

describe('footer in Chromium', () => {
  it('links Browse and Company, and scrolls to a home section named by the hash', async () => {
    const page = await openPage('/about');
    const footer = page.getByRole('contentinfo');
    const hrefs = Object.fromEntries(
      await Promise.all(
        ['All Tools', 'Most Popular', 'Categories', 'About', 'Contact', 'Privacy Policy', 'Terms of Service'].map(
          async (name) => [name, await footer.getByRole('link', { name, exact: true }).getAttribute('href')] as const,
        ),
      ),
    );
    expect(hrefs).toEqual({
      'All Tools': '/#all-apps',
      'Most Popular': '/#popular',
      Categories: '/#categories',
      About: '/about',
      Contact: '/contact',
      'Privacy Policy': '/privacy',
      'Terms of Service': '/terms',
    });
    await footer.getByRole('button', { name: 'Early Access' }).waitFor();

    await footer.getByRole('link', { name: 'Categories', exact: true }).click();
    await page.waitForURL(`${site.url}/#categories`);
    await page.waitForFunction(() => {
      const section = document.getElementById('categories');
      if (!section) return false;
      const { top } = section.getBoundingClientRect();
      return top >= 0 && top < 200 && window.scrollY > 0;
    });
    await page.close();
  });

  it('validates the newsletter e-mail with the spec messages, then subscribes from the current page', async () => {
    const page = await openPage('/privacy');
    const requests: unknown[] = [];
    // The subscription endpoint is the backend's; here only the form's side of the contract is under test.
    await page.route('**/api/newsletter/subscriptions', async (route) => {
      requests.push(route.request().postDataJSON());
      await route.fulfill({ status: 201, contentType: 'application/json', body: '{}' });
    });
    const footer = page.getByRole('contentinfo');
    const email = footer.getByRole('textbox', { name: 'Email address' });
    const subscribe = footer.getByRole('button', { name: 'Subscribe' });

    await subscribe.click();
    await page.getByText('Email required', { exact: true }).waitFor();
    await page.getByText('Please enter your email address.', { exact: true }).waitFor();

    await email.fill('ana@example');
    await subscribe.click();
    await page.getByText('Invalid email', { exact: true }).waitFor();
    await page.getByText('Please enter a valid email address.', { exact: true }).waitFor();
    expect(requests).toEqual([]);

    await email.fill('  ana@example.com ');
    await subscribe.click();
    await page.getByText('Subscribed! 📧', { exact: true }).waitFor();
    await page.getByText("You'll be the first to know about new AI tools.", { exact: true }).waitFor();
    expect(requests).toEqual([{ email: 'ana@example.com', source_page: '/privacy' }]);
    expect(await email.inputValue()).toBe('');
    await page.screenshot({ path: `${SCREENSHOTS_DIR}newsletter-subscribed.png` });
    await page.close();
  });

  it('says something went wrong when the subscription fails, and keeps the address', async () => {
    const page = await openPage('/about');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/newsletter/subscriptions', async (route) => {
      await held;
      await route.fulfill({ status: 500, contentType: 'application/json', body: '{"code":"INTERNAL","message":"boom"}' });
    });
    const footer = page.getByRole('contentinfo');
    const email = footer.getByRole('textbox', { name: 'Email address' });
    await email.fill('ana@example.com');
    await footer.getByRole('button', { name: 'Subscribe' }).click();

    // While the request is in flight the form cannot be sent twice.
    await expect(email.isDisabled()).resolves.toBe(true);
    await expect(footer.getByRole('button', { name: 'Subscribe' }).isDisabled()).resolves.toBe(true);
    release();

    await page.getByText('Something went wrong', { exact: true }).waitFor();
    await page.getByText('Please try again later.', { exact: true }).waitFor();
    await expect(email.isEnabled()).resolves.toBe(true);
    expect(await email.inputValue()).toBe('ana@example.com');
    await page.close();
  });
});
