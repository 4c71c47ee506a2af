import { describe, expect, it } from 'vitest';
import { earlyAccessWording } from '../../lib/early-access-wording';
import { appMeta, categoryMeta, homeMeta } from './seo';
import type { App } from '../../../../contracts/catalogue/app';

const ORIGIN = 'https://unsheet.example';

const app = {
  name: 'Invoice Chaser',
  slug: 'invoice-chaser',
  description: 'Chases unpaid invoices for you.',
  category: 'Finance',
  category_slug: 'finance',
  app_url: 'https://invoice-chaser.unsheet.app',
  keyword_bof: 'Excel receivables sheet',
  keywords: ['invoice reminders', 'accounts receivable'],
  meta_title: 'Invoice Chaser: Stop Chasing Payments in Excel',
  meta_description: 'Automatic, polite payment reminders.',
} satisfies Partial<App>;

describe('homeMeta', () => {
  it('describes the site, with WebSite structured data', () => {
    const meta = homeMeta(ORIGIN, earlyAccessWording('early-explorers'));
    expect(meta.title).toBe('Unsheet – AI tools that replace spreadsheets');
    expect(meta.description).toBe(
      'Discover small AI tools that replace spreadsheets and manual work in small businesses, and join 100 Early Explorers.',
    );
    expect(meta.path).toBe('/');
    expect(meta.jsonLd).toEqual([
      { '@context': 'https://schema.org', '@type': 'WebSite', name: 'Unsheet', url: 'https://unsheet.example/' },
    ]);
  });

  it('invites to the wait-list once the Early Explorer spots are taken', () => {
    expect(homeMeta(ORIGIN, earlyAccessWording('waitlist')).description).toBe(
      'Discover small AI tools that replace spreadsheets and manual work in small businesses, and join the wait-list for early access.',
    );
  });

  it('keeps a later page of the grid as its own canonical address', () => {
    expect(homeMeta(ORIGIN, earlyAccessWording('early-explorers'), '?sort=popular&page=2').path).toBe('/?sort=popular&page=2');
  });
});

describe('categoryMeta', () => {
  it("titles the page '{category} apps to replace Excel | Unsheet' and counts its tools", () => {
    const meta = categoryMeta({ name: 'HR & Recruiting', slug: 'hr-and-recruiting', count: 2 }, ORIGIN);
    expect(meta.title).toBe('HR & Recruiting apps to replace Excel | Unsheet');
    expect(meta.description).toBe('Browse 2 tools in HR & Recruiting: AI apps that replace Excel and manual work for small businesses.');
    expect(meta.path).toBe('/c/hr-and-recruiting');
    expect(meta.keywords).toEqual(['hr & recruiting ai tools', 'hr & recruiting excel alternative']);
  });

  it('keeps a later page of its apps as its own canonical address', () => {
    expect(categoryMeta({ name: 'Sales', slug: 'sales', count: 30 }, ORIGIN, 2).path).toBe('/c/sales?page=2');
    expect(categoryMeta({ name: 'Sales', slug: 'sales', count: 30 }, ORIGIN, 1).path).toBe('/c/sales');
  });

  it("says 'tool' for one", () => {
    expect(categoryMeta({ name: 'Sales', slug: 'sales', count: 1 }, ORIGIN).description).toMatch(/^Browse 1 tool in Sales:/);
    expect(categoryMeta({ name: 'Other', slug: 'other', count: 0 }, ORIGIN).description).toMatch(/^Browse 0 tools in Other:/);
  });

  it('carries a BreadcrumbList from Home to the category, with absolute URLs', () => {
    expect(categoryMeta({ name: 'Finance', slug: 'finance', count: 2 }, ORIGIN).jsonLd).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://unsheet.example/' },
          { '@type': 'ListItem', position: 2, name: 'Finance', item: 'https://unsheet.example/c/finance' },
        ],
      },
    ]);
  });
});

describe('appMeta', () => {
  it('uses the meta title, meta description and keywords when the app has them', () => {
    const meta = appMeta(app, ORIGIN);
    expect(meta).toMatchObject({
      title: 'Invoice Chaser: Stop Chasing Payments in Excel',
      description: 'Automatic, polite payment reminders.',
      keywords: ['invoice reminders', 'accounts receivable'],
      path: '/app/invoice-chaser',
      type: 'article',
    });
  });

  it("falls back to '{name} | Unsheet', the description and keyword_bof", () => {
    const meta = appMeta({ ...app, meta_title: null, meta_description: null, keywords: [] }, ORIGIN);
    expect(meta.title).toBe('Invoice Chaser | Unsheet');
    expect(meta.description).toBe('Chases unpaid invoices for you.');
    expect(meta.keywords).toEqual(['Excel receivables sheet']);
  });

  it('carries SoftwareApplication structured data with a free offer when the app can be opened', () => {
    const [software, breadcrumbs] = appMeta(app, ORIGIN).jsonLd ?? [];
    expect(software).toEqual({
      '@context': 'https://schema.org',
      '@type': 'SoftwareApplication',
      name: 'Invoice Chaser',
      description: 'Automatic, polite payment reminders.',
      applicationCategory: 'BusinessApplication',
      operatingSystem: 'Web',
      url: 'https://unsheet.example/app/invoice-chaser',
      offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
    });
    expect(breadcrumbs).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://unsheet.example/' },
        { '@type': 'ListItem', position: 2, name: 'Finance', item: 'https://unsheet.example/c/finance' },
        { '@type': 'ListItem', position: 3, name: 'Invoice Chaser', item: 'https://unsheet.example/app/invoice-chaser' },
      ],
    });
  });

  it('leaves offers out when there is nothing to open yet', () => {
    const [software] = appMeta({ ...app, app_url: null }, ORIGIN).jsonLd ?? [];
    expect(software).not.toHaveProperty('offers');
  });
});
