import { describe, expect, it } from 'vitest';
import { isCachedPage, isCatalogueRead } from './cache-rules';

const origin = 'https://unsheet.app';
const url = (path: string) => new URL(path, origin);

describe('pages kept for offline use', () => {
  it.each(['/', '/c/finance', '/app/invoice-chaser', '/about', '/offline', '/c/finance?x=1'])('keeps %s', (path) => {
    expect(isCachedPage(url(path), origin)).toBe(true);
  });

  it.each(['/admin', '/admin/', '/admin/leads', '/api/apps', '/api'])('never keeps %s', (path) => {
    expect(isCachedPage(url(path), origin)).toBe(false);
  });

  it('never keeps another origin', () => {
    expect(isCachedPage(new URL('https://example.com/'), origin)).toBe(false);
  });

  it('keeps a page whose name only starts like admin', () => {
    expect(isCachedPage(url('/administrator-tools'), origin)).toBe(true);
  });
});

describe('catalogue reads kept for offline use', () => {
  it.each([
    '/api/apps',
    '/api/apps/top?limit=12&offset=0',
    '/api/apps/search?q=invoice',
    '/api/apps/invoice-chaser',
    '/api/categories',
    '/api/categories/finance',
  ])('keeps %s', (path) => {
    expect(isCatalogueRead(url(path), origin)).toBe(true);
  });

  it.each([
    '/api/admin/apps',
    '/api/apps/1234/views',
    '/api/leads',
    '/api/early-access/status',
    '/api/referrals/ABC123',
    '/api/health/ready',
    '/apps',
  ])('never keeps %s', (path) => {
    expect(isCatalogueRead(url(path), origin)).toBe(false);
  });

  it('never keeps another origin', () => {
    expect(isCatalogueRead(new URL('https://example.com/api/apps'), origin)).toBe(false);
  });
});
