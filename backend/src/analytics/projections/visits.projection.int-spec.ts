import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProjectionSpecification } from '../../shared/testing/projection-spec.js';
import { createTestDatabase, type TestDatabase } from '../../shared/testing/test-database.js';
import type {
  AnalyticsAppInteraction,
  AnalyticsPageTimed,
  AnalyticsPageViewed,
  AnalyticsSessionEnded,
  AnalyticsSessionStarted,
  VisitEvent,
} from '../analytics.events.js';
import { visitsProjection } from './visits.projection.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

const spec = ProjectionSpecification.for<VisitEvent>(visitsProjection, () => testDb.handle.db);

const SESSION = '11111111-1111-4111-8111-111111111111';
const PAGE_1 = '22222222-2222-4222-8222-222222222221';
const PAGE_2 = '22222222-2222-4222-8222-222222222222';
const VISITOR = '44444444-4444-4444-8444-444444444444';
const INTERACTION = '55555555-5555-4555-8555-555555555555';
const APP = '33333333-3333-4333-8333-333333333333';
const at = (second: number) => new Date(Date.UTC(2026, 0, 5, 10, 0, second)).toISOString();

const started: AnalyticsSessionStarted = {
  type: 'AnalyticsSessionStarted',
  data: {
    key: `start-${SESSION}`,
    sessionId: SESSION,
    visitorId: VISITOR,
    at: at(0),
    url: 'https://unsheet.test/?utm_source=news',
    referrer: 'https://news.example/',
    utm: { source: 'news', medium: 'email', campaign: 'launch', term: null, content: null },
    clickIds: { gclid: null, msclkid: null, fbclid: null },
    parsedReferrer: 'news.example',
    trafficType: 'referral',
    campaignSource: null,
    ipHash: null,
    userAgent: 'Mozilla/5.0',
    browser: 'Firefox',
    os: 'Linux',
    deviceType: 'desktop',
  },
};

const viewed = (pageViewId: string, second: number, path: string): AnalyticsPageViewed => ({
  type: 'AnalyticsPageViewed',
  data: {
    key: `view-${pageViewId}`,
    sessionId: SESSION,
    pageViewId,
    at: at(second),
    url: `https://unsheet.test${path}`,
    title: `Page ${path}`,
    referrer: null,
    potentialKeywords: [],
  },
});

const timed = (pageViewId: string, seconds: number): AnalyticsPageTimed => ({
  type: 'AnalyticsPageTimed',
  data: { key: `time-${pageViewId}`, sessionId: SESSION, pageViewId, at: at(50), seconds },
});

const ended = (second: number, timeOnSite: number): AnalyticsSessionEnded => ({
  type: 'AnalyticsSessionEnded',
  data: { sessionId: SESSION, at: at(second), timeOnSite, pagesViewed: 2 },
});

const clicked: AnalyticsAppInteraction = {
  type: 'AnalyticsAppInteraction',
  data: {
    key: INTERACTION,
    sessionId: SESSION,
    eventId: INTERACTION,
    at: at(20),
    appId: APP,
    action: 'open_app',
    metadata: { from: 'card' },
  },
};

const visit: VisitEvent[] = [started, viewed(PAGE_1, 1, '/'), viewed(PAGE_2, 30, '/app/ledger'), clicked, timed(PAGE_1, 29), ended(55, 55)];

describe('visits projection', () => {
  it('a visit becomes its session, its page views (with the session’s UTM fields) and its interactions', async () => {
    const given = spec.given(visit);
    await given.expectRows('user_sessions', [
      {
        session_id: SESSION,
        visitor_id: VISITOR,
        utm_source: 'news',
        browser: 'Firefox',
        pages_viewed: 2,
        time_on_site: 55,
        end_time: new Date(at(55)),
      },
    ]);
    await given.expectRows('page_views', [
      { page_view_id: PAGE_1, page_path: '/', utm_source: 'news', utm_campaign: 'launch', time_on_page: 29 },
      { page_view_id: PAGE_2, page_path: '/app/ledger', utm_source: 'news', utm_campaign: 'launch', time_on_page: null },
    ]);
    await given.expectRows('app_interactions', [{ app_id: APP, action_type: 'open_app', metadata: { from: 'card' } }]);
  });

  it('counts a retried event once, in the same batch or a later one', async () => {
    const given = spec.given([...visit, viewed(PAGE_1, 1, '/'), clicked], [viewed(PAGE_2, 30, '/app/ledger'), clicked]);
    await given.expectRows('user_sessions', [{ session_id: SESSION, pages_viewed: 2 }]);
    await given.expectRows('app_interactions', [{ app_id: APP }]);
  });

  it('keeps the latest session end by its time, whichever arrives last', () =>
    spec.given(visit, [ended(40, 40)]).expectRows('user_sessions', [{ time_on_site: 55, end_time: new Date(at(55)) }]));

  it('counts a page view that arrives before its session start, and the start then fills the session in', () =>
    spec
      .given([viewed(PAGE_1, 1, '/')], [started])
      .expectRows('user_sessions', [{ session_id: SESSION, pages_viewed: 1, utm_source: 'news', start_time: new Date(at(0)) }]));

  it('gives the same tables whether the events come in one batch or one by one', async () => {
    const together = await spec.given(visit).tables();
    const oneByOne = await spec.given(...visit.map((event) => [event])).tables();
    expect(oneByOne).toEqual(together);
  });
});
