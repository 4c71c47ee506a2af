/**
 * The feedback dialogs in Chromium against the built server and a fresh database, opened the way a visitor
 * opens them: the floating 'Got an idea?' button (suggestion), the Contact page's Quick Questions card, and
 * the header's 'Apply as Developer' at desktop width. Each submits for real and checks one validation toast.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCREENSHOTS_DIR, useSite, visit } from './browser.js';

const site = useSite();

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 812 };

async function openPage(path: string, viewport = DESKTOP): Promise<Page> {
  const page = await site.browser.newPage({ viewport });
  await visit(page, `${site.url}${path}`);
  return page;
}

/** Waits for the POST to `path` and returns its JSON body and the status of its answer. */
async function posted(page: Page, path: string, act: () => Promise<void>) {
  const [request] = await Promise.all([page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === path), act()]);
  const response = await request.response();
  return { body: request.postDataJSON() as Record<string, unknown>, status: response?.status() };
}

describe('suggestion dialog in Chromium', () => {
  it('opens from the floating button, validates, counts, and sends a suggestion with its category', async () => {
    const page = await openPage('/about');
    await page.getByRole('button', { name: 'Got an idea?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Your Idea' });
    await dialog.waitFor();

    const email = dialog.getByRole('textbox', { name: 'Email' });
    const text = dialog.getByRole('textbox', { name: 'Your suggestion' });
    const category = dialog.getByRole('combobox', { name: 'Category (optional)' });
    const submit = dialog.getByRole('button', { name: 'Submit Suggestion' });
    await expect(submit.isDisabled()).resolves.toBe(true);
    await expect(category.inputValue()).resolves.toBe('');
    expect(await category.locator('option').allTextContents()).toEqual([
      'No category',
      'Productivity',
      'Marketing',
      'Sales',
      'Analytics',
      'Customer Support',
      'Finance',
      'HR & Recruiting',
      'Other',
    ]);

    // Both fields filled but the idea is only spaces: the spec's missing-information toast.
    await email.fill('ana@example.com');
    await text.fill('   ');
    await submit.click();
    await page.getByText('Missing information', { exact: true }).waitFor();
    await page.getByText('Please fill in both email and suggestion fields.', { exact: true }).waitFor();

    await email.fill('ana@example');
    await text.fill('Invoice chaser');
    await dialog.getByText('14/500', { exact: true }).waitFor();
    await submit.click();
    await page.getByText('Invalid email', { exact: true }).waitFor();
    await page.getByText('Please enter a valid email address.', { exact: true }).waitFor();

    // The counter stops at 500: the field takes no more.
    await text.fill('x'.repeat(520));
    await dialog.getByText('500/500', { exact: true }).waitFor();
    await expect(text.inputValue()).resolves.toHaveLength(500);

    await email.fill('ana@example.com');
    await text.fill('Replace my stock-count spreadsheet');
    await category.selectOption('Finance');
    const { body, status } = await posted(page, '/api/suggestions', () => submit.click());
    expect(status).toBe(201);
    expect(body).toEqual({
      email: 'ana@example.com',
      suggestion_text: 'Replace my stock-count spreadsheet',
      category: 'Finance',
      source_page: '/about',
    });
    await page.getByText('Thank you! 💡', { exact: true }).waitFor();
    await page.getByText('We read every idea.', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    // Opening again starts with an empty form.
    await page.getByRole('button', { name: 'Got an idea?' }).click();
    await dialog.waitFor();
    await expect(dialog.getByRole('textbox', { name: 'Email' }).inputValue()).resolves.toBe('');
    await expect(dialog.getByRole('textbox', { name: 'Your suggestion' }).inputValue()).resolves.toBe('');
    await dialog.getByText('0/500', { exact: true }).waitFor();
    await page.close();
  });
});

describe('quick question dialog in Chromium', () => {
  it('opens from the Contact page at 375 px, rejects a bad e-mail, and sends the question', async () => {
    const page = await openPage('/contact', PHONE);
    await page.getByRole('main').getByRole('button', { name: 'Ask a Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Quick Question' });
    await dialog.waitFor();

    const send = dialog.getByRole('button', { name: 'Send Question' });
    await expect(send.isDisabled()).resolves.toBe(true);
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Bo');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('bo@example');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('   ');
    // Blank after trimming still counts as blank.
    await expect(send.isDisabled()).resolves.toBe(true);
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Is there a free plan?');
    await dialog.getByText('21/500', { exact: true }).waitFor();
    await expect(send.isDisabled()).resolves.toBe(false);
    await send.click();
    await page.getByText('Invalid email', { exact: true }).waitFor();
    await page.getByText('Please enter a valid email address.', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.screenshot({ path: `${SCREENSHOTS_DIR}quick-question-mobile.png` });

    await dialog.getByRole('textbox', { name: 'Email' }).fill('bo@example.com');
    const { body, status } = await posted(page, '/api/quick-questions', () => send.click());
    expect(status).toBe(201);
    expect(body).toEqual({ name: 'Bo', email: 'bo@example.com', message: 'Is there a free plan?' });
    await page.getByText('Question sent!', { exact: true }).waitFor();
    await page.getByText("We'll get back to you within 24 hours.", { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.close();
  });
});

describe('developer inquiry dialog in Chromium', () => {
  it('opens from the header on desktop, asks for the required fields, and sends null for empty URLs', async () => {
    const page = await openPage('/');
    await page.getByRole('banner').getByRole('button', { name: 'Apply as Developer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply as a Developer' });
    await dialog.waitFor();

    const submit = dialog.getByRole('button', { name: 'Submit Application' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Cy');
    await submit.click();
    await page.getByText('Missing Information', { exact: true }).waitFor();
    await page.getByText('Please fill in all required fields.', { exact: true }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}developer-inquiry.png` });

    await dialog.getByRole('textbox', { name: 'Email' }).fill('cy@example.com');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('I build small tools in TypeScript.');
    await expect(dialog.getByRole('textbox', { name: 'Portfolio URL (optional)' }).getAttribute('type')).resolves.toBe('url');
    await expect(dialog.getByRole('textbox', { name: 'LinkedIn URL (optional)' }).getAttribute('type')).resolves.toBe('url');
    await dialog.getByRole('textbox', { name: 'Portfolio URL (optional)' }).fill('https://cy.dev');
    const { body, status } = await posted(page, '/api/developer-inquiries', () => submit.click());
    expect(status).toBe(201);
    expect(body).toEqual({
      name: 'Cy',
      email: 'cy@example.com',
      message: 'I build small tools in TypeScript.',
      portfolio_url: 'https://cy.dev',
      linkedin_url: null,
    });
    await page.getByText('Thank you!', { exact: true }).waitFor();
    await page.getByText("We'll get back to you soon!", { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.close();
  });
});

describe('what the server refuses, under the field it is about', () => {
  const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').getByText(text, { exact: true });
  /** The message a control's aria-describedby points at, once the control is marked invalid. */
  async function messageOf(page: Page, control: ReturnType<Page['getByRole']>): Promise<string> {
    await expect.poll(() => control.getAttribute('aria-invalid')).toBe('true');
    const ids = (await control.getAttribute('aria-describedby'))!.split(' ');
    return page.locator(`[id="${ids.find((id) => id.endsWith('-error'))}"]`).innerText();
  }

  it('names a refused portfolio URL under its field and in the toast, instead of the generic failure', async () => {
    const page = await openPage('/');
    await page.getByRole('banner').getByRole('button', { name: 'Apply as Developer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply as a Developer' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Cy');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('cy-ftp@example.com');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('I build small tools.');
    // A URL the browser's check accepts and the server does not (only http and https addresses).
    const portfolio = dialog.getByRole('textbox', { name: 'Portfolio URL (optional)' });
    await portfolio.fill('ftp://files.cy.dev/portfolio');
    const { status } = await posted(page, '/api/developer-inquiries', () =>
      dialog.getByRole('button', { name: 'Submit Application' }).click(),
    );
    expect(status).toBe(400);
    expect(await messageOf(page, portfolio)).toBe('Please enter a full http(s) address.');
    await toast(page, 'Please check the Portfolio URL field').waitFor();
    await toast(page, 'Please enter a full http(s) address.').waitFor();
    expect(await toast(page, 'Failed to submit your inquiry. Please try again.').count()).toBe(0);
    expect(await dialog.getByRole('textbox', { name: 'LinkedIn URL (optional)' }).getAttribute('aria-invalid')).toBeNull();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}developer-inquiry-refused-url.png` });

    await portfolio.fill('https://cy.dev');
    expect(
      (await posted(page, '/api/developer-inquiries', () => dialog.getByRole('button', { name: 'Submit Application' }).click())).status,
    ).toBe(201);
    await page.close();
  });

  it("shows a quick question's refused name under the name, and a newsletter's refused address in the spec's words", async () => {
    const page = await openPage('/contact', PHONE);
    await page.getByRole('main').getByRole('button', { name: 'Ask a Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Quick Question' });
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await name.fill('N'.repeat(101));
    await dialog.getByRole('textbox', { name: 'Email' }).fill('long-name@example.com');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Hello?');
    await dialog.getByRole('button', { name: 'Send Question' }).click();
    expect(await messageOf(page, name)).toBe('At most 100 characters.');
    await toast(page, 'Please check the Name field').waitFor();
    await page.keyboard.press('Escape');

    // An address the form's own check passes and the server refuses: longer than 254 characters.
    const footer = page.getByRole('contentinfo');
    const email = footer.getByRole('textbox', { name: 'Email address' });
    await email.fill(`${'a'.repeat(250)}@example.com`);
    await footer.getByRole('button', { name: 'Subscribe' }).click();
    expect(await messageOf(page, email)).toBe('Please enter a valid email address.');
    await toast(page, 'Invalid email').waitFor();
    expect(await toast(page, 'Something went wrong').count()).toBe(0);
    await page.close();
  });

  it('says under the field when a paste is cut to the 500 characters a suggestion takes', async () => {
    const context = await site.browser.newContext({ viewport: DESKTOP, permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await visit(page, `${site.url}/about`);
    await page.getByRole('button', { name: 'Got an idea?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Your Idea' });
    const text = dialog.getByRole('textbox', { name: 'Your suggestion' });
    await text.fill('Start: ');
    await page.evaluate((pasted) => navigator.clipboard.writeText(pasted), 'x'.repeat(600));
    await text.focus();
    await page.keyboard.press('Control+V');
    await expect.poll(async () => (await text.inputValue()).length).toBe(500);
    const note = dialog.getByText('Your text was cut to 500 characters, the most this field takes.', { exact: true });
    await note.waitFor();
    expect(await note.getAttribute('aria-live')).toBe('polite');
    expect((await text.getAttribute('aria-describedby'))!.split(' ')).toContain(await note.getAttribute('id'));
    await dialog.getByText('500/500', { exact: true }).waitFor();
    await page.screenshot({ path: `${SCREENSHOTS_DIR}suggestion-paste-cut.png` });

    // Shorter again: the note goes. A paste that fits says nothing.
    await text.fill('A short idea');
    await note.waitFor({ state: 'detached' });
    await page.evaluate((pasted) => navigator.clipboard.writeText(pasted), ' with more words');
    await page.keyboard.press('Control+V');
    await expect.poll(() => text.inputValue()).toBe('A short idea with more words');
    expect(await dialog.getByText(/was cut to/).count()).toBe(0);
    await context.close();
  });
});

describe("the feedback dialogs' failure toasts", () => {
  const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').getByText(text, { exact: true });

  it("answers a failed suggestion with 'Something went wrong' / 'Please try again later.'", async () => {
    const page = await openPage('/about');
    await page.route('**/api/suggestions', (route) => route.fulfill({ status: 500, body: 'oops' }));
    await page.getByRole('button', { name: 'Got an idea?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Your Idea' });
    await dialog.getByRole('textbox', { name: 'Email' }).fill('fail@example.com');
    await dialog.getByRole('textbox', { name: 'Your suggestion' }).fill('An idea');
    await dialog.getByRole('button', { name: 'Submit Suggestion' }).click();
    await toast(page, 'Something went wrong').waitFor();
    await toast(page, 'Please try again later.').waitFor();
    // The dialog stays open with what was typed, ready to try again.
    await expect(dialog.getByRole('textbox', { name: 'Your suggestion' }).inputValue()).resolves.toBe('An idea');
    await page.close();
  });

  it("answers a failed quick question with 'Something went wrong' and the server's message", async () => {
    const page = await openPage('/contact', PHONE);
    await page.route('**/api/quick-questions', (route) =>
      route.fulfill({ status: 503, json: { code: 'MAIL.DOWN', message: 'Our mail service is down for a moment.' } }),
    );
    await page.getByRole('main').getByRole('button', { name: 'Ask a Question' }).click();
    const dialog = page.getByRole('dialog', { name: 'Quick Question' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Bo');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('bo@example.com');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Hello?');
    await dialog.getByRole('button', { name: 'Send Question' }).click();
    await toast(page, 'Something went wrong').waitFor();
    await toast(page, 'Our mail service is down for a moment.').waitFor();
    await page.close();
  });

  it("answers a failed developer inquiry with 'Error' / 'Failed to submit your inquiry. Please try again.'", async () => {
    const page = await openPage('/');
    await page.route('**/api/developer-inquiries', (route) => route.fulfill({ status: 500, body: 'oops' }));
    await page.getByRole('banner').getByRole('button', { name: 'Apply as Developer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Apply as a Developer' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Cy');
    await dialog.getByRole('textbox', { name: 'Email' }).fill('cy@example.com');
    await dialog.getByRole('textbox', { name: 'Message' }).fill('I build tools.');
    await dialog.getByRole('button', { name: 'Submit Application' }).click();
    await toast(page, 'Error').waitFor();
    await toast(page, 'Failed to submit your inquiry. Please try again.').waitFor();
    await page.close();
  });
});

describe('the honeypot on every public form', () => {
  it('is hidden from people (off screen, aria-hidden, out of the tab order, autocomplete off) and sent only when a bot fills it', async () => {
    const page = await openPage('/');
    // The lazy sections load as they scroll near.
    for (const heading of ['Join the VIP list', 'Which tool fits you?', 'Top inviters']) {
      await page.getByRole('heading', { name: heading }).scrollIntoViewIfNeeded();
    }
    await page.getByTestId('quiz').waitFor();
    await page.getByTestId('share-link-generator').waitFor();
    await page.getByRole('region', { name: 'Join the VIP list' }).getByRole('textbox', { name: 'Email' }).waitFor();
    await page.getByRole('button', { name: 'Got an idea?' }).click();
    await page.getByRole('dialog', { name: 'Share Your Idea' }).waitFor();

    const forms = page.locator('form');
    const traps = page.locator('form input[name="website"]');
    // Newsletter, VIP list, quiz, share link and the open suggestion dialog: one trap each.
    expect(await forms.count()).toBeGreaterThanOrEqual(5);
    expect(await traps.count()).toBe(await forms.count());
    for (const trap of await traps.all()) {
      await expect(trap.getAttribute('tabindex')).resolves.toBe('-1');
      await expect(trap.getAttribute('autocomplete')).resolves.toBe('off');
      await expect(trap.evaluate((el) => el.closest('[aria-hidden="true"]') !== null)).resolves.toBe(true);
      const box = await trap.boundingBox();
      expect(box === null || box.x + box.width <= 0).toBe(true);
    }
    // Tabbing through the dialog never lands on it.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      await expect(page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).resolves.not.toBe('website');
    }

    // A bot that fills it: the suggestion goes out with `website`, the site thanks it, nothing is kept.
    const dialog = page.getByRole('dialog', { name: 'Share Your Idea' });
    await dialog.locator('input[name="website"]').fill('https://spam.example', { force: true });
    await dialog.getByRole('textbox', { name: 'Email' }).fill('bot@spam.example');
    await dialog.getByRole('textbox', { name: 'Your suggestion' }).fill('Cheap pills');
    const { body, status } = await posted(page, '/api/suggestions', () =>
      dialog.getByRole('button', { name: 'Submit Suggestion' }).click(),
    );
    expect(body).toMatchObject({ email: 'bot@spam.example', website: 'https://spam.example' });
    expect(status).toBe(201);
    await page.close();
  });
});
