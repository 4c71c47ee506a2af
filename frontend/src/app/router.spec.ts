import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { ADMIN_TABS, paths } from '../lib/paths';
import { routes } from './router';

/** The path patterns of the routes an address renders, outermost first ('' for a pathless layout). */
function matched(address: string): string[] {
  return (matchRoutes(routes, address) ?? []).map(({ route }) => route.path ?? '');
}

describe('the route table', () => {
  it('renders every link that lib/paths builds with the route of its own pattern, never the 404 page', () => {
    const links = [
      [paths.category('finance'), paths.category.pattern],
      [paths.app('invoice-chaser'), paths.app.pattern],
      [paths.about, paths.about],
      [paths.contact, paths.contact],
      [paths.privacy, paths.privacy],
      [paths.terms, paths.terms],
      [paths.offline, paths.offline],
      [paths.auth, paths.auth],
      [paths.authConfirm, paths.authConfirm],
      [paths.adminLogin, paths.adminLogin],
      [paths.adminLead('l1'), paths.adminLead.pattern],
      [paths.adminApps, paths.adminApps],
      [paths.adminNewApp, paths.adminNewApp],
      [paths.adminImportApps, paths.adminImportApps],
      [paths.adminGoogleAdsCsv, paths.adminGoogleAdsCsv],
      [paths.adminApp('a1'), paths.adminApp.pattern],
      [paths.adminEditApp('a1'), paths.adminEditApp.pattern],
      [paths.adminAudit, paths.adminAudit],
      [paths.adminAnalytics, paths.adminAnalytics],
      ...ADMIN_TABS.map((tab) => [paths.adminTab(tab), paths.adminTab(tab)] as const),
    ] as const;
    for (const [link, pattern] of links) {
      expect(matched(link).at(-1), link).toBe(pattern);
    }
  });

  it('shows the home page at / and the one dashboard at /admin and at every tab', () => {
    const component = (address: string) => matchRoutes(routes, address)?.at(-1)?.route.Component;
    expect(matchRoutes(routes, paths.home)?.at(-1)?.route.index).toBe(true);
    expect(matchRoutes(routes, paths.admin)?.at(-1)?.route.index).toBe(true);
    for (const tab of ADMIN_TABS) expect(component(paths.adminTab(tab)), tab).toBe(component(paths.admin));
    expect(component(paths.adminAudit)).not.toBe(component(paths.admin));
  });

  it('answers an unknown address with the catch-all route', () => {
    expect(matched('/no/such/page').at(-1)).toBe('*');
    expect(matched('/admin/no-such-page').at(-1)).toBe('*');
  });
});
