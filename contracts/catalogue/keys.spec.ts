import { describe, expect, it } from 'vitest';
import { appsPageKey, categoryKey, homeGridOf, homeGridSearch, pageNumberOf } from './keys.js';

const search = (text: string) => new URLSearchParams(text);

describe('the paged catalogue reads and addresses', () => {
  it('keys a page of apps with its parameters in one order, defaults left out', () => {
    expect(appsPageKey()).toBe('/apps');
    expect(appsPageKey({ page: 1, pageSize: 12, sort: 'name' })).toBe('/apps');
    expect(appsPageKey({ category: 'finance', sort: 'popular', page: 3 })).toBe('/apps?page=3&sort=popular&category=finance');
    expect(appsPageKey({ ready: true, sort: 'popular', pageSize: 12 })).toBe('/apps?sort=popular&ready=true');
    expect(categoryKey('finance')).toBe('/categories/finance');
    expect(categoryKey('finance', 2)).toBe('/categories/finance?page=2');
  });

  it('reads a page number from an address: 1 when absent, null when it is not one', () => {
    expect(pageNumberOf(search(''))).toBe(1);
    expect(pageNumberOf(search('page=7'))).toBe(7);
    for (const page of ['0', '-1', '01', '1.5', 'x', '', '1234567']) expect(pageNumberOf(search(`page=${page}`)), page).toBeNull();
  });

  it("reads home's grid from its address, ignoring other parameters, and writes it back", () => {
    expect(homeGridOf(search('utm_source=mail'))).toEqual({ page: 1, sort: 'name' });
    const grid = homeGridOf(search('page=2&sort=popular&category=finance'));
    expect(grid).toEqual({ page: 2, sort: 'popular', category: 'finance' });
    expect(homeGridSearch(grid!)).toBe('?category=finance&sort=popular&page=2');
    expect(homeGridSearch({ page: 1, sort: 'name' })).toBe('');
    for (const bad of ['sort=views', 'page=0', 'category=Finance', 'category=a%20b']) expect(homeGridOf(search(bad)), bad).toBeNull();
  });
});
