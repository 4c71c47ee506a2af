import { describe, expect, it } from 'vitest';
import { useSite } from './browser.js';

// Public JavaScript on first load: at most 150 KB compressed, whatever public page a visitor lands on.
const BUDGET_BYTES = 150 * 1024;

const site = useSite();

async function firstLoadScripts(path: string) {
  const page = await site.browser.newPage({ viewport: { width: 390, height: 844 } });
  await page.goto(`${site.url}${path}`, { waitUntil: 'networkidle' });
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry as PerformanceResourceTiming)
      .filter((entry) => entry.name.endsWith('.js'))
      .map((entry) => ({ name: new URL(entry.name).pathname, bytes: entry.encodedBodySize, decoded: entry.decodedBodySize })),
  );
  await page.close();
  return scripts;
}

describe('public JavaScript on first load', () => {
  it.each(['/', '/c/finance', '/app/invoice-chaser', '/about'])('stays within 150 KB compressed on %s', async (path) => {
    const scripts = await firstLoadScripts(path);
    const total = scripts.reduce((sum, s) => sum + s.bytes, 0);
    expect(scripts.length).toBeGreaterThan(0);
    // Compressed on the wire: far smaller than the decoded size.
    expect(total).toBeLessThan(scripts.reduce((sum, s) => sum + s.decoded, 0) / 2);
    expect(total, JSON.stringify(scripts)).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(scripts.some((s) => s.name.includes('mobile-menu'))).toBe(false);
  });
});
