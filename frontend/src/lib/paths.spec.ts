import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ADMIN_TABS, adminTabOf, paths } from './paths';

describe('paths', () => {
  it('builds each link with parameters so that its own pattern matches it and gives the values back', () => {
    const cases = [
      [paths.category, ['finance'], { categoryName: 'finance' }],
      [paths.app, ['invoice-chaser'], { slug: 'invoice-chaser' }],
      [paths.adminLead, ['0b6f3c1e-5d0a-4c1b-9a52-6f1d2e3c4b5a'], { leadId: '0b6f3c1e-5d0a-4c1b-9a52-6f1d2e3c4b5a' }],
      [paths.adminApp, ['a1'], { id: 'a1' }],
      [paths.adminEditApp, ['a1'], { id: 'a1' }],
    ] as const;
    for (const [route, values, params] of cases) {
      const link = (route as (...values: string[]) => string)(...values);
      expect(matchPath(route.pattern, link)?.params, link).toEqual(params);
    }
    expect(paths.category('finance')).toBe('/c/finance');
    expect(paths.adminEditApp('a1')).toBe('/admin/apps/edit/a1');
  });

  it('encodes the values it puts in a link', () => {
    expect(paths.category('HR & Recruiting')).toBe('/c/HR%20%26%20Recruiting');
    expect(paths.app('a/b?c#d')).toBe('/app/a%2Fb%3Fc%23d');
  });

  it('gives every admin tab its own address under /admin, the Overview at /admin/dashboard', () => {
    expect(ADMIN_TABS.map((tab) => paths.adminTab(tab))).toEqual([
      '/admin/dashboard',
      '/admin/leads',
      '/admin/suggestions',
      '/admin/app-links',
      '/admin/questions',
      '/admin/developer-inquiries',
      '/admin/demand',
      '/admin/settings',
    ]);
    expect(paths.adminDashboard).toBe(paths.adminTab('dashboard'));
  });

  it('reads the tab back from its address, and shows the Overview for /admin and any other address', () => {
    for (const tab of ADMIN_TABS) {
      expect(adminTabOf(paths.adminTab(tab))).toBe(tab);
      expect(adminTabOf(`${paths.adminTab(tab)}/`)).toBe(tab);
    }
    expect(adminTabOf(paths.admin)).toBe('dashboard');
    expect(adminTabOf('/admin/')).toBe('dashboard');
    expect(adminTabOf(paths.adminLead('leads'))).toBe('dashboard');
  });

  it('keeps every admin address under /admin, and every public one outside it', () => {
    const addresses = Object.entries(paths).flatMap(([name, value]): [string, string][] => {
      if (typeof value === 'string') return [[name, value]];
      return 'pattern' in value ? [[name, value.pattern]] : ADMIN_TABS.map((tab) => [name, paths.adminTab(tab)]);
    });
    expect(addresses.length).toBeGreaterThan(20);
    for (const [name, address] of addresses) {
      const underAdmin = address === paths.admin || address.startsWith(`${paths.admin}/`);
      expect(underAdmin, `${name}: ${address}`).toBe(name.startsWith('admin'));
    }
  });
});
