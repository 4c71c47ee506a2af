/** Builders of tracker events exactly as the contract shapes them, for tests and the benchmark. */
import { randomUUID } from 'node:crypto';
import type { TrackerEvent } from '../../../../contracts/analytics/collect.js';

type Of<T extends TrackerEvent['type']> = Extract<TrackerEvent, { type: T }>;
type Overrides<T extends TrackerEvent['type']> = Partial<Omit<Of<T>, 'type'>>;

export function sessionStart(overrides: Overrides<'session_start'> = {}): Of<'session_start'> {
  return {
    type: 'session_start',
    sessionId: randomUUID(),
    at: new Date().toISOString(),
    visitorId: randomUUID(),
    url: 'https://unsheet.app/',
    referrer: null,
    utm: { source: null, medium: null, campaign: null, term: null, content: null },
    clickIds: { gclid: null, msclkid: null, fbclid: null },
    parsedReferrer: null,
    trafficType: 'direct',
    campaignSource: null,
    ...overrides,
  };
}

export function pageView(overrides: Overrides<'page_view'> = {}): Of<'page_view'> {
  return {
    type: 'page_view',
    sessionId: randomUUID(),
    at: new Date().toISOString(),
    pageViewId: randomUUID(),
    url: 'https://unsheet.app/',
    title: 'Unsheet',
    referrer: null,
    potentialKeywords: [],
    ...overrides,
  };
}

export function pageTime(overrides: Overrides<'page_time'> = {}): Of<'page_time'> {
  return { type: 'page_time', sessionId: randomUUID(), at: new Date().toISOString(), pageViewId: randomUUID(), seconds: 0, ...overrides };
}

export function sessionEnd(overrides: Overrides<'session_end'> = {}): Of<'session_end'> {
  return { type: 'session_end', sessionId: randomUUID(), at: new Date().toISOString(), timeOnSite: 0, pagesViewed: 0, ...overrides };
}

export function interaction(overrides: Overrides<'interaction'> = {}): Of<'interaction'> {
  return {
    type: 'interaction',
    sessionId: randomUUID(),
    at: new Date().toISOString(),
    eventId: randomUUID(),
    appId: null,
    action: 'view',
    metadata: {},
    ...overrides,
  };
}

export function search(overrides: Overrides<'search'> = {}): Of<'search'> {
  return {
    type: 'search',
    sessionId: randomUUID(),
    at: new Date().toISOString(),
    searchId: randomUUID(),
    query: 'invoice reminders',
    results: 0,
    opened: false,
    ...overrides,
  };
}

export const BROWSER_UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
export const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
