import { describe, expect, it } from 'vitest';
import { BOT_UA } from '../testing/tracker-events.js';
import { pageView, sessionStart } from '../testing/tracker-events.js';
import { attributionOf, cut, effectiveAt, fillFromUrl, hashIp, keptMetadata, parseUserAgent, toVisitEvent } from './enrich.js';
import { STORED } from '../../../../contracts/analytics/limits.js';
import { isbot } from 'isbot';

const NONE = { source: null, medium: null, campaign: null, term: null, content: null };
const NO_CLICKS = { gclid: null, msclkid: null, fbclid: null };

describe('IP hashing', () => {
  const secret = 'test-secret-test-secret-test-secret-0123';
  const day1 = new Date('2026-11-22T08:00:00Z');

  it('never gives the address back, and is stable within a UTC day', () => {
    const hash = hashIp(secret, '203.0.113.7', day1);
    expect(hash).toMatch(/^[0-9a-f]{32}$/);
    expect(hash).not.toContain('203');
    expect(hashIp(secret, '203.0.113.7', new Date('2026-11-22T23:59:59Z'))).toBe(hash);
    expect(hashIp(secret, '203.0.113.8', day1)).not.toBe(hash);
  });

  it('rotates its salt every day and depends on the app secret', () => {
    expect(hashIp(secret, '203.0.113.7', new Date('2026-11-23T00:00:00Z'))).not.toBe(hashIp(secret, '203.0.113.7', day1));
    expect(hashIp(`${secret}x`, '203.0.113.7', day1)).not.toBe(hashIp(secret, '203.0.113.7', day1));
    expect(hashIp(secret, undefined, day1)).toBeNull();
  });
});

describe('user agent', () => {
  it('parses browser, system and device', () => {
    expect(
      parseUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({
      userAgent: expect.stringContaining('iPhone'),
      browser: 'Mobile Safari 17',
      os: 'iOS 17.4',
      deviceType: 'mobile',
    });
    expect(parseUserAgent(undefined)).toEqual({ userAgent: null, browser: null, os: null, deviceType: null });
    expect(parseUserAgent('x'.repeat(2000)).userAgent).toHaveLength(STORED.userAgent);
  });

  it('cuts every text to its stored length, never halfway through a character', () => {
    expect(cut('ab😀', 3)).toBe('ab');
    expect(cut('ab😀', 4)).toBe('ab😀');
    const view = toVisitEvent(
      {
        type: 'page_view',
        sessionId: '6f1c2c3e-8a4b-4c5d-9e6f-7a8b9c0d1e2f',
        at: new Date().toISOString(),
        pageViewId: '7f1c2c3e-8a4b-4c5d-9e6f-7a8b9c0d1e2f',
        url: `https://unsheet.app/${'p'.repeat(2000)}`,
        title: 't'.repeat(300),
        referrer: 'r'.repeat(2048),
        potentialKeywords: Array.from({ length: 10 }, () => 'k'.repeat(100)),
      },
      { userAgent: parseUserAgent(undefined), ipHash: null, receivedAt: new Date() },
    );
    const data = view.data as { url: string; path: string; title: string; referrer: string; potentialKeywords: string[] };
    expect([data.url.length, data.path.length, data.title.length, data.referrer.length]).toEqual([
      STORED.url,
      STORED.path,
      STORED.title,
      STORED.referrer,
    ]);
    expect(data.potentialKeywords.map((keyword) => keyword.length)).toEqual(Array(STORED.keywords).fill(STORED.keyword));
    expect(keptMetadata({ a: 'x'.repeat(300), b: 'y'.repeat(300), c: 1 })).toEqual({ a: 'x'.repeat(300), c: 1 });
  });

  it('knows the bots isbot knows', () => {
    expect(isbot(BOT_UA)).toBe(true);
    expect(isbot('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36')).toBe(
      false,
    );
  });
});

describe('UTM and click ids from the URL', () => {
  it('fills only what the tracker left null', () => {
    const url =
      'https://unsheet.app/?utm_source=google&utm_medium=cpc&utm_campaign=launch&utm_term=ai+tools&utm_content=ad%201&gclid=G1&fbclid=F1';
    expect(fillFromUrl(url, { ...NONE, source: 'newsletter' }, { ...NO_CLICKS, fbclid: 'mine' })).toEqual({
      utm: { source: 'newsletter', medium: 'cpc', campaign: 'launch', term: 'ai tools', content: 'ad 1' },
      clickIds: { gclid: 'G1', msclkid: null, fbclid: 'mine' },
    });
  });

  it('ignores empty parameters, caps long ones and accepts relative URLs', () => {
    expect(fillFromUrl(`/?utm_source=&utm_medium=${'m'.repeat(300)}`, NONE, NO_CLICKS).utm).toEqual({ ...NONE, medium: 'm'.repeat(200) });
  });
});

describe('where a session came from', () => {
  const start = (url: string, referrer: string | null) => ({
    type: 'session_start' as const,
    sessionId: '5b0c9c1e-3f7a-4d8e-9b1a-2c3d4e5f6a7b',
    at: '2026-11-22T08:00:00.000Z',
    visitorId: null,
    url,
    referrer,
  });

  it('is worked out by the tracker’s rules for a start sent without it (the inline part of the page)', () => {
    expect(attributionOf(start('https://unsheet.app/app/x?gclid=abc', null))).toEqual({
      utm: NONE,
      clickIds: { gclid: 'abc', msclkid: null, fbclid: null },
      parsedReferrer: 'google',
      trafficType: 'paid',
      campaignSource: 'google_ads',
    });
    expect(attributionOf(start('https://unsheet.app/', 'https://www.google.de/'))).toMatchObject({
      parsedReferrer: 'google',
      trafficType: 'search',
    });
    expect(attributionOf(start('https://unsheet.app/?utm_source=news&utm_medium=email', null))).toMatchObject({
      utm: { ...NONE, source: 'news', medium: 'email' },
      trafficType: 'referral',
      parsedReferrer: 'news',
    });
    expect(attributionOf(start('not a url', null))).toMatchObject({ trafficType: 'direct', parsedReferrer: null });
  });

  it('is the tracker’s when it sent it', () => {
    const told = { ...start('https://unsheet.app/?gclid=abc', null), trafficType: 'direct' as const, parsedReferrer: null };
    expect(attributionOf(told)).toEqual({
      utm: NONE,
      clickIds: NO_CLICKS,
      parsedReferrer: null,
      trafficType: 'direct',
      campaignSource: null,
    });
  });
});

describe('client clock', () => {
  const now = new Date('2026-11-22T12:00:00.000Z');
  it.each([
    ['2026-11-22T11:59:58.000Z', '2026-11-22T11:59:58.000Z'],
    ['2026-11-16T12:00:00.000Z', '2026-11-16T12:00:00.000Z'],
    ['2026-11-22T14:00:00+02:00', '2026-11-22T12:00:00.000Z'],
    ['2026-11-01T00:00:00.000Z', now.toISOString()],
    ['2027-01-01T00:00:00.000Z', now.toISOString()],
  ])('%s → %s', (clientAt, expected) => {
    expect(effectiveAt(clientAt, now)).toBe(expected);
  });
});

describe('toVisitEvent', () => {
  const context = { userAgent: parseUserAgent(undefined), ipHash: 'h', receivedAt: new Date() };
  it('keys events by the contract’s idempotency keys, in the session’s stream', () => {
    const start = sessionStart();
    const view = pageView({ sessionId: start.sessionId });
    expect(toVisitEvent(start, context)).toMatchObject({
      streamId: `visit-${start.sessionId}`,
      type: 'AnalyticsSessionStarted',
      data: { key: `session_start:${start.sessionId}`, ipHash: 'h' },
    });
    expect(toVisitEvent(view, context)).toMatchObject({ type: 'AnalyticsPageViewed', data: { key: `page_view:${view.pageViewId}` } });
  });

  it("works out a page view's potential keywords by the tracker's rules when it sent none (the inline part of the page)", () => {
    const keywordsOf = (view: ReturnType<typeof pageView>) =>
      (toVisitEvent(view, context).data as { potentialKeywords?: string[] }).potentialKeywords;
    const url = 'https://unsheet.app/app/invoice-chaser';
    const landing = { url, title: 'Invoice Chaser | Unsheet', referrer: 'https://www.bing.com/search?q=chase+unpaid+invoices' };
    expect(keywordsOf({ ...pageView(landing), potentialKeywords: undefined })).toEqual([
      'chase unpaid invoices',
      'chase',
      'unpaid',
      'invoices',
    ]);
    expect(keywordsOf({ ...pageView({ ...landing, referrer: null }), potentialKeywords: undefined })).toEqual(['invoice', 'chaser']);
    expect(keywordsOf({ ...pageView({ ...landing, url: 'not a url' }), potentialKeywords: undefined })).toEqual(['invoice', 'chaser']);
    // The tracker's own, even none, are kept.
    expect(keywordsOf(pageView({ ...landing, potentialKeywords: [] }))).toEqual([]);
  });

  it("records a page view's path, as the browser's URL parser gives it", () => {
    const pathOf = (url: string) => (toVisitEvent(pageView({ url }), context).data as { path?: string }).path;
    expect(pathOf('https://unsheet.app/c/finance?utm_source=x#top')).toBe('/c/finance');
    expect(pathOf('https://unsheet.app')).toBe('/');
    expect(pathOf('https://unsheet.app/a/../app/ledger%20x')).toBe('/app/ledger%20x');
    expect(pathOf('/relative path?q=1')).toBe('/relative%20path');
  });
});
