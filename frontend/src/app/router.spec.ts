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
    const routed = Object.entries(paths).flatMap(([name, value]): [string, string][] => {
      if (typeof value === 'string') return [[name, value]];
      if ('pattern' in value) return [[name, value.pattern]];
      return ADMIN_TABS.map((tab) => [name, value(tab)]);
    });
    for (const [name, pattern] of routed) {
      // The home page and the dashboard at /admin are their layouts' index routes, without a path.
      if (pattern === paths.home || pattern === paths.admin) continue;
      const link = pattern.replace(/:[^/]+/g, 'x1');
      expect(matched(link).at(-1), `${name}: ${link}`).toBe(pattern);
    }
    expect(routed.length).toBeGreaterThan(20);
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
