import { afterEach, describe, expect, it, vi } from 'vitest';
import { eventsSoFar, sessionStartEvent, type Opened, type PendingInteraction, type VisitPage } from './visit-events';
import type { SessionState } from './session';

const T0 = Date.parse('2026-11-25T10:00:00.000Z');
const SITE = 'https://unsheet.app';

function page(id: string, path: string, at: number, referrer: string | null = null): VisitPage {
  return { id, url: `${SITE}${path}`, at, referrer };
}

function opened(path: string, visitPage: VisitPage | null, at: number, leftTitle: string): Opened {
  return { path, page: visitPage, at, leftTitle };
}

function session(): SessionState {
  return { id: 'session-1', startedAt: T0, pagesViewed: 0 };
}

describe('what the part every page carries sends when the visitor leaves before the tracker has loaded', () => {
  it('a bounce: the page view with the title it shows, its time and the session end', () => {
    const state = session();
    const landing = page('view-1', '/app/invoice-chaser?gclid=abc', T0, 'https://www.google.com/');
    const events = eventsSoFar(
      state,
      [opened('/app/invoice-chaser?gclid=abc', landing, T0, '')],
      [],
      T0 + 1400,
      'Invoice Chaser | Unsheet',
    );
    expect(events).toEqual([
      {
        type: 'page_view',
        sessionId: 'session-1',
        at: '2026-11-25T10:00:00.000Z',
        pageViewId: 'view-1',
        url: `${SITE}/app/invoice-chaser?gclid=abc`,
        title: 'Invoice Chaser | Unsheet',
        referrer: 'https://www.google.com/',
        potentialKeywords: expect.arrayContaining(['invoice', 'chaser']),
      },
      { type: 'page_time', sessionId: 'session-1', at: '2026-11-25T10:00:01.400Z', pageViewId: 'view-1', seconds: 1 },
      { type: 'session_end', sessionId: 'session-1', at: '2026-11-25T10:00:01.400Z', timeOnSite: 1, pagesViewed: 1 },
    ]);
    expect(state.pagesViewed).toBe(1);
    expect(landing).toMatchObject({ title: 'Invoice Chaser | Unsheet', timeSent: true });
  });

  it('pages left: each with the title it showed when the next opened, timed until then; the admin console is not a page', () => {
    const state = session();
    const visit = [
      opened('/', page('view-1', '/', T0), T0, ''),
      opened('/c/finance', page('view-2', '/c/finance', T0 + 700, `${SITE}/`), T0 + 700, 'Unsheet – AI tools'),
      opened('/admin', null, T0 + 3100, 'Finance | Unsheet'),
    ];
    const events = eventsSoFar(state, visit, [], T0 + 4000, 'Admin');
    const said = (event: (typeof events)[number]) =>
      event.type === 'page_view'
        ? event.title
        : event.type === 'page_time'
          ? event.seconds
          : event.type === 'session_end'
            ? event.timeOnSite
            : null;
    expect(events.map((event) => [event.type, said(event)])).toEqual([
      ['page_view', 'Unsheet – AI tools'],
      ['page_time', 1],
      ['page_view', 'Finance | Unsheet'],
      ['page_time', 2],
      ['session_end', 4],
    ]);
    expect(events.at(-1)).toMatchObject({ pagesViewed: 2 });
  });

  it('sends nothing twice: a second hide sends only what is new, and the session end', () => {
    const state = session();
    const visit = [opened('/', page('view-1', '/', T0), T0, '')];
    const interactions: PendingInteraction[] = [
      { id: 'event-1', appId: null, action: 'share', metadata: { channel: 'copy_link' }, at: T0 + 500 },
    ];
    expect(eventsSoFar(state, visit, interactions, T0 + 1000, 'Home').map((event) => event.type)).toEqual([
      'page_view',
      'page_time',
      'interaction',
      'session_end',
    ]);
    visit.push(opened('/about', page('view-2', '/about', T0 + 5000, `${SITE}/`), T0 + 5000, 'Home'));
    const second = eventsSoFar(state, visit, interactions, T0 + 6000, 'About');
    expect(second.map((event) => [event.type, 'pageViewId' in event ? event.pageViewId : null])).toEqual([
      ['page_view', 'view-2'],
      ['page_time', 'view-2'],
      ['session_end', null],
    ]);
    expect(second.at(-1)).toMatchObject({ pagesViewed: 2, timeOnSite: 6 });
  });

  it('interactions keep their ids and go out with empty metadata when it is over 2 KB, as the tracker sends them', () => {
    const interactions: PendingInteraction[] = [
      { id: 'event-1', appId: 'app-1', action: 'view', metadata: { slug: 'invoice-chaser' }, at: T0 },
      { id: 'event-2', appId: 'app-1', action: 'cta_click', metadata: { note: 'x'.repeat(3000) }, at: T0 },
    ];
    const events = eventsSoFar(session(), [], interactions, T0, '');
    expect(events.slice(0, 2)).toEqual([
      {
        type: 'interaction',
        sessionId: 'session-1',
        at: '2026-11-25T10:00:00.000Z',
        eventId: 'event-1',
        appId: 'app-1',
        action: 'view',
        metadata: { slug: 'invoice-chaser' },
      },
      {
        type: 'interaction',
        sessionId: 'session-1',
        at: '2026-11-25T10:00:00.000Z',
        eventId: 'event-2',
        appId: 'app-1',
        action: 'cta_click',
        metadata: {},
      },
    ]);
    expect(interactions.every((interaction) => interaction.sent)).toBe(true);
  });

  it('a paid click starts its session as paid traffic, as the tracker would', () => {
    expect(sessionStartEvent(session(), `${SITE}/app/invoice-chaser?gclid=abc`, null, 'visitor-1')).toEqual({
      type: 'session_start',
      sessionId: 'session-1',
      at: '2026-11-25T10:00:00.000Z',
      visitorId: 'visitor-1',
      url: `${SITE}/app/invoice-chaser?gclid=abc`,
      referrer: null,
      utm: { source: null, medium: null, campaign: null, term: null, content: null },
      clickIds: { gclid: 'abc', msclkid: null, fbclid: null },
      parsedReferrer: 'google',
      trafficType: 'paid',
      campaignSource: 'google_ads',
      automation: false,
    });
  });

  describe('says whether a browser driven by automation sent it (navigator.webdriver)', () => {
    afterEach(() => vi.unstubAllGlobals());
    it.each([
      [true, true],
      [false, false],
      [undefined, false],
    ])('navigator.webdriver %s: automation %s', (webdriver, automation) => {
      vi.stubGlobal('navigator', { webdriver });
      expect(sessionStartEvent(session(), `${SITE}/`, null, null).automation).toBe(automation);
    });
  });
});
