import { describe, expect, it } from 'vitest';
import { keptReferrer, keptUrl } from './page-url.js';

describe('keptUrl', () => {
  it.each([
    ['https://unsheet.app/auth/reset-password#token=abc.def', 'https://unsheet.app/auth/reset-password'],
    ['https://unsheet.app/auth/confirm?token=abc.def', 'https://unsheet.app/auth/confirm'],
    ['/auth/confirm?token=abc&utm_source=newsletter#top', '/auth/confirm?utm_source=newsletter'],
    [
      'https://unsheet.app/?utm_source=news&utm_medium=email&utm_campaign=launch&gclid=g1&email=jane%40example.com',
      'https://unsheet.app/?utm_source=news&utm_medium=email&utm_campaign=launch&gclid=g1',
    ],
    [
      'https://unsheet.app/?category=sales&sort=popular&page=2&ref=ABC123',
      'https://unsheet.app/?category=sales&sort=popular&page=2&ref=ABC123',
    ],
    ['https://unsheet.app/c/sales', 'https://unsheet.app/c/sales'],
    ['https://unsheet.app/?', 'https://unsheet.app/'],
  ])('keeps of %s only %s', (url, kept) => {
    expect(keptUrl(url)).toBe(kept);
  });
});

describe('keptReferrer', () => {
  const page = 'https://unsheet.app/c/sales';
  it.each([
    ['https://unsheet.app/auth/confirm?token=abc&page=2#x', 'https://unsheet.app/auth/confirm?page=2'],
    ['https://www.bing.com/search?q=chase+unpaid+invoices#top', 'https://www.bing.com/search?q=chase+unpaid+invoices'],
    ['not a url?token=abc', 'not a url'],
  ])('keeps of %s only %s', (referrer, kept) => {
    expect(keptReferrer(referrer, page)).toBe(kept);
  });
});
