import { randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_UA, BROWSER_UA, interaction, pageTime, pageView, sessionEnd, sessionStart } from '../src/analytics/testing/tracker-events.js';
import { AddApp } from '../src/catalogue/commands/add-app.command.js';
import { visitsProjection } from '../src/analytics/projections/visits.projection.js';
import { checkpointNames } from '../src/shared/projections/projection-runner.js';
import { eventually } from '../src/shared/testing/eventually.js';
import { startApi, type ApiHarness } from './api-harness.js';

let api: ApiHarness;

beforeAll(async () => {
  api = await startApi();
  await api.signInAsAdmin();
});
afterAll(async () => {
  await api?.close();
});

function collect(body: unknown, userAgent = BROWSER_UA, raw?: string) {
  return fetch(api.url('/api/analytics/collect'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: raw ?? JSON.stringify(body),
  });
}

async function query<T>(text: TemplateStringsArray, ...values: unknown[]): Promise<T[]> {
  return (await sql<T>(text, ...values).execute(api.database.handle.db)).rows;
}

const eventCount = async () => (await query<{ n: number }>`select count(*)::int as n from events where type like 'Analytics%'`)[0]!.n;

describe('POST /api/analytics/collect', () => {
  it('answers 202, appends the batch in one statement and projects the spec’s records', async () => {
    const sessionId = randomUUID();
    const visitorId = randomUUID();
    // An app of the catalogue: interactions with apps it does not have are not recorded (request-costs.e2e-spec.ts).
    const { id: appId } = await api.app
      .get(CommandBus)
      .execute(new AddApp({ name: `Ingested ${randomUUID()}`, category: 'Finance', description: 'Tracked.' }));
    const home = randomUUID();
    const pricing = randomUUID();
    const batch = [
      sessionStart({
        sessionId,
        visitorId,
        at: '2026-11-22T10:00:00.000Z',
        url: 'https://unsheet.app/?utm_source=newsletter&utm_medium=email&utm_campaign=launch&gclid=abc123',
        referrer: 'https://www.google.com/',
        utm: { source: null, medium: 'mail-client', campaign: null, term: null, content: null },
        parsedReferrer: 'google',
        trafficType: 'paid',
        campaignSource: 'newsletter',
      }),
      pageView({
        sessionId,
        pageViewId: home,
        at: '2026-11-22T10:00:01.000Z',
        url: 'https://unsheet.app/',
        title: 'Unsheet',
        potentialKeywords: ['ai tools'],
      }),
      pageTime({ sessionId, pageViewId: home, at: '2026-11-22T10:00:31.000Z', seconds: 30 }),
      pageView({
        sessionId,
        pageViewId: pricing,
        at: '2026-11-22T10:00:31.000Z',
        url: 'https://unsheet.app/app/invoice-chaser',
        title: 'Invoice Chaser',
      }),
      interaction({ sessionId, appId, at: '2026-11-22T10:00:40.000Z', action: 'cta_click', metadata: { button: 'Try it' } }),
      sessionEnd({ sessionId, at: '2026-11-22T10:01:00.000Z', timeOnSite: 60, pagesViewed: 2 }),
    ];
    const response = await collect({ events: batch });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: 6, dropped: 0 });

    const logged = await query<{ type: string; transaction_id: string; stream_id: string }>`
      select type, transaction_id::text, stream_id from events where stream_id = ${`visit-${sessionId}`} order by global_position`;
    expect(logged.map((e) => e.type)).toEqual([
      'AnalyticsSessionStarted',
      'AnalyticsPageViewed',
      'AnalyticsPageTimed',
      'AnalyticsPageViewed',
      'AnalyticsAppInteraction',
      'AnalyticsSessionEnded',
    ]);
    expect(new Set(logged.map((e) => e.transaction_id)).size).toBe(1);

    await eventually(async () => (await query`select 1 from app_interactions where session_id = ${sessionId}`).length === 1);
    const [session] = await query<Record<string, unknown>>`select * from user_sessions where session_id = ${sessionId}`;
    expect(session).toEqual({
      session_id: sessionId,
      visitor_id: visitorId,
      user_agent: BROWSER_UA,
      browser: 'Chrome 130',
      os: 'Windows 10',
      device_type: 'desktop',
      ip_hash: expect.stringMatching(/^[0-9a-f]{32}$/),
      landing_url: 'https://unsheet.app/?utm_source=newsletter&utm_medium=email&utm_campaign=launch&gclid=abc123',
      referrer: 'https://www.google.com/',
      // What the tracker sent wins; what it left null comes from the URL.
      utm_source: 'newsletter',
      utm_medium: 'mail-client',
      utm_campaign: 'launch',
      utm_term: null,
      utm_content: null,
      gclid: 'abc123',
      msclkid: null,
      fbclid: null,
      parsed_referrer: 'google',
      traffic_type: 'paid',
      campaign_source: 'newsletter',
      pages_viewed: 2,
      time_on_site: 60,
      start_time: new Date('2026-11-22T10:00:00.000Z'),
      end_time: new Date('2026-11-22T10:01:00.000Z'),
      // A browser on this machine: a person's, from no data centre, not driven by automation (as far as it said).
      automation: null,
      network: null,
      traffic_class: 'person',
      traffic_rule: 'default',
    });
    expect(JSON.stringify(session)).not.toContain('127.0.0.1');
    const pages = await query<Record<string, unknown>>`
      select page_url, page_path, page_title, utm_source, utm_campaign, gclid, parsed_referrer, potential_keywords, time_on_page, timestamp
      from page_views where session_id = ${sessionId} order by timestamp`;
    expect(pages).toEqual([
      {
        page_url: 'https://unsheet.app/',
        page_path: '/',
        page_title: 'Unsheet',
        utm_source: 'newsletter',
        utm_campaign: 'launch',
        gclid: 'abc123',
        parsed_referrer: 'google',
        potential_keywords: ['ai tools'],
        time_on_page: 30,
        timestamp: new Date('2026-11-22T10:00:01.000Z'),
      },
      expect.objectContaining({ page_path: '/app/invoice-chaser', time_on_page: null }),
    ]);
    expect(await query`select app_id, action_type, metadata from app_interactions where session_id = ${sessionId}`).toEqual([
      { app_id: appId, action_type: 'cta_click', metadata: { button: 'Try it' } },
    ]);
  });

  it('counts a repeated batch (a retried beacon) once', async () => {
    const sessionId = randomUUID();
    const batch = [
      sessionStart({ sessionId }),
      pageView({ sessionId }),
      pageView({ sessionId }),
      interaction({ sessionId, action: 'quiz_complete' }),
    ];
    expect((await collect({ events: batch })).status).toBe(202);
    expect((await collect({ events: batch })).status).toBe(202);
    // The same event twice inside one batch, too.
    expect((await collect({ events: [batch[1], batch[1]] })).status).toBe(202);
    await eventually(async () => {
      const [checkpoint] = await query<{ n: number }>`
        select count(*)::int as n from events e, projection_checkpoints c
        where c.name = any(${checkpointNames(visitsProjection)}) and e.global_position > c.global_position and e.type like 'Analytics%'`;
      return checkpoint!.n === 0 && (await query`select 1 from user_sessions where session_id = ${sessionId}`).length === 1;
    });
    expect(await query`select pages_viewed from user_sessions where session_id = ${sessionId}`).toEqual([{ pages_viewed: 2 }]);
    expect(await query`select count(*)::int as n from page_views where session_id = ${sessionId}`).toEqual([{ n: 2 }]);
    expect(await query`select count(*)::int as n from app_interactions where session_id = ${sessionId}`).toEqual([{ n: 1 }]);
  });

  it('counts a page view that arrives before its session start, and keeps the latest session end', async () => {
    const sessionId = randomUUID();
    await collect({ events: [pageView({ sessionId, at: '2026-11-22T12:00:05.000Z' })] });
    await collect({ events: [sessionEnd({ sessionId, at: '2026-11-22T12:05:00.000Z', timeOnSite: 295 })] });
    await collect({
      events: [
        sessionStart({ sessionId, at: '2026-11-22T12:00:00.000Z', parsedReferrer: 'bing', trafficType: 'search' }),
        // An earlier page hide's beacon, retried late: it must not overwrite the later end.
        sessionEnd({ sessionId, at: '2026-11-22T12:01:00.000Z', timeOnSite: 60 }),
      ],
    });
    await eventually(
      async () => (await query`select 1 from user_sessions where session_id = ${sessionId} and parsed_referrer = 'bing'`).length === 1,
    );
    expect(await query`select pages_viewed, time_on_site, start_time, end_time from user_sessions where session_id = ${sessionId}`).toEqual(
      [
        {
          pages_viewed: 1,
          time_on_site: 295,
          start_time: new Date('2026-11-22T12:00:00.000Z'),
          end_time: new Date('2026-11-22T12:05:00.000Z'),
        },
      ],
    );
  });

  it('keeps a bot’s batch like a person’s, its session classified and left out of the figures', async () => {
    const before = await eventCount();
    const sessionId = randomUUID();
    const response = await collect({ events: [sessionStart({ sessionId }), pageView({ sessionId })] }, BOT_UA);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: 2, dropped: 0 });
    expect(await eventCount()).toBe(before + 2);
    await eventually(async () => (await query`select 1 from user_sessions where session_id = ${sessionId}`).length === 1);
    expect(await query`select traffic_class, traffic_rule, pages_viewed from user_sessions where session_id = ${sessionId}`).toEqual([
      { traffic_class: 'search-crawler', traffic_rule: 'user-agent:Googlebot', pages_viewed: 1 },
    ]);
    const today = new Date().toISOString().slice(0, 10);
    await eventually(async () => (await api.get(`/api/admin/analytics/bots?from=${today}`)).body.sessions === 1);
    expect((await api.get(`/api/admin/analytics/bots?from=${today}`)).body.classes[0]).toEqual({
      class: 'search-crawler',
      sessions: 1,
      events: 1,
      batches: 0,
      topRules: [{ rule: 'user-agent:Googlebot', sessions: 1, events: 1, batches: 0 }],
    });
  });

  it('stores SQL and HTML as inert text', async () => {
    const sessionId = randomUUID();
    const title = `'); drop table page_views; -- <script>alert("x")</script>`;
    const response = await collect({
      events: [
        pageView({ sessionId, title, url: `https://unsheet.app/?q=' or 1=1 --`, potentialKeywords: ['<img src=x onerror=alert(1)>'] }),
        interaction({ sessionId, metadata: { note: "Robert'); DROP TABLE app_interactions;--", nested: { html: '<b>x</b>' } } }),
      ],
    });
    expect(response.status).toBe(202);
    await eventually(async () => (await query`select 1 from app_interactions where session_id = ${sessionId}`).length === 1);
    expect(await query`select page_title, potential_keywords from page_views where session_id = ${sessionId}`).toEqual([
      { page_title: title, potential_keywords: ['<img src=x onerror=alert(1)>'] },
    ]);
    expect(
      (await query<{ metadata: unknown }>`select metadata from app_interactions where session_id = ${sessionId}`)[0]!.metadata,
    ).toEqual({
      note: "Robert'); DROP TABLE app_interactions;--",
      nested: { html: '<b>x</b>' },
    });
  });
});

describe('POST /api/analytics/collect keeps no secret a link carries', () => {
  it('stores no fragment and no query parameter but those of attribution and the grid, in the log and the read models', async () => {
    const sessionId = randomUUID();
    const reset = 'https://unsheet.app/auth/reset-password#token=reset-secret-1';
    const confirm = 'https://unsheet.app/auth/confirm?token=confirm-secret-2&utm_source=newsletter';
    const response = await collect({
      events: [
        sessionStart({ sessionId, url: reset, referrer: 'https://mail.example/inbox#message=secret-3' }),
        pageView({ sessionId, url: confirm, referrer: reset }),
        pageView({ sessionId, url: 'https://unsheet.app/?category=sales&sort=popular&page=2&email=jane%40example.com', referrer: confirm }),
      ],
    });
    expect(response.status).toBe(202);
    await eventually(async () => (await query`select 1 from page_views where session_id = ${sessionId}`).length === 2);
    expect(await query`select landing_url from user_sessions where session_id = ${sessionId}`).toEqual([
      { landing_url: 'https://unsheet.app/auth/reset-password' },
    ]);
    expect(await query`select page_url, referrer from page_views where session_id = ${sessionId} order by page_url`).toEqual([
      {
        page_url: 'https://unsheet.app/?category=sales&sort=popular&page=2',
        referrer: 'https://unsheet.app/auth/confirm?utm_source=newsletter',
      },
      { page_url: 'https://unsheet.app/auth/confirm?utm_source=newsletter', referrer: 'https://unsheet.app/auth/reset-password' },
    ]);
    const stored = JSON.stringify(await query`select data from events where stream_id = ${`visit-${sessionId}`}`);
    for (const secret of ['secret-1', 'secret-2', 'secret-3', 'jane']) expect(stored).not.toContain(secret);
  });
});

describe('POST /api/analytics/collect refuses bad batches whole, writing nothing', () => {
  const valid = () => sessionStart();

  it.each([
    ['no events', { events: [] }, { events: 'Send at least one event.' }],
    ['51 events', { events: Array.from({ length: 51 }, () => pageView()) }, { events: 'At most 50 events per batch.' }],
    ['not a list', { events: 'many' }, { events: 'Must be a list of events.' }],
    ['an unknown field at the top', { events: [valid()], extra: 1 }, { '(body)': 'Unrecognized key: "extra"' }],
    ['an unknown field in an event', { events: [valid(), { ...pageView(), ip: '1.2.3.4' }] }, { 'events.1': 'Unrecognized key: "ip"' }],
    [
      'an unknown type',
      { events: [valid(), { ...pageView(), type: 'purchase' }] },
      { 'events.1.type': 'Must be session_start, page_view, page_time, session_end, interaction or search.' },
    ],
    [
      'a session id that is no uuid',
      { events: [{ ...valid(), sessionId: "1' or '1'='1" }] },
      { 'events.0.sessionId': 'Must be a UUID (v4).' },
    ],
    [
      'a timestamp that is no timestamp',
      { events: [{ ...valid(), at: 'yesterday' }] },
      { 'events.0.at': 'Must be an ISO-8601 timestamp.' },
    ],
    [
      'seconds as a string',
      { events: [pageTime({ seconds: '30' as unknown as number })] },
      { 'events.0.seconds': 'Must be a number of seconds.' },
    ],
    ['negative seconds', { events: [sessionEnd({ timeOnSite: -1 })] }, { 'events.0.timeOnSite': 'Must be 0 or more.' }],
    ['fractional seconds', { events: [pageTime({ seconds: 1.5 })] }, { 'events.0.seconds': 'Must be a whole number of seconds.' }],
    [
      'a URL over 2048 characters',
      { events: [pageView({ url: `https://unsheet.app/${'a'.repeat(2030)}` })] },
      { 'events.0.url': 'At most 2048 characters.' },
    ],
    ['a title over 300 characters', { events: [pageView({ title: 't'.repeat(301) })] }, { 'events.0.title': 'At most 300 characters.' }],
    [
      '11 keywords',
      { events: [pageView({ potentialKeywords: Array.from({ length: 11 }, (_, i) => `k${i}`) })] },
      { 'events.0.potentialKeywords': 'At most 10 keywords.' },
    ],
    [
      'a UTM value over 200 characters',
      { events: [sessionStart({ utm: { source: 's'.repeat(201), medium: null, campaign: null, term: null, content: null } })] },
      { 'events.0.utm.source': 'At most 200 characters.' },
    ],
    [
      'metadata over 2 KB',
      { events: [interaction({ metadata: { blob: 'x'.repeat(2100) } })] },
      { 'events.0.metadata': 'At most 2048 characters as JSON.' },
    ],
    [
      'metadata that is a list',
      { events: [interaction({ metadata: [] as unknown as Record<string, unknown> })] },
      { 'events.0.metadata': 'Must be an object.' },
    ],
    [
      'a control character in a title',
      { events: [pageView({ title: 'Tab\there' })] },
      { 'events.0.title': 'Control characters are not allowed.' },
    ],
    [
      'a NUL in a URL',
      { events: [pageView({ url: 'https://unsheet.app/\u0000' })] },
      { 'events.0.url': 'Control characters are not allowed.' },
    ],
    [
      'a NUL in metadata',
      { events: [interaction({ metadata: { a: 'x\u0000' } })] },
      { 'events.0.metadata': 'Control characters are not allowed.' },
    ],
    [
      'an unknown action',
      { events: [interaction({ action: 'buy' as 'view' })] },
      { 'events.0.action': 'Must be view, cta_click, open_app, share, quiz_start or quiz_complete.' },
    ],
    ['a list instead of an object', [valid()], { '(body)': 'Must be an object with an events list.' }],
  ])('400 for %s', async (_, body, fields) => {
    const before = await eventCount();
    const response = await collect(body);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { code: string; fields: Record<string, string> };
    expect(answer.code).toBe('VALIDATION_FAILED');
    expect(answer.fields).toEqual(fields);
    expect(await eventCount()).toBe(before);
  });

  it.each([['{"events": ['], ['null'], ['"events"']])('400 for malformed or non-object JSON: %s', async (raw) => {
    const response = await collect(undefined, BROWSER_UA, raw);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'BAD_REQUEST' });
  });

  it('413 for a body over 64 KB, before anything is parsed', async () => {
    const before = await eventCount();
    const events = Array.from({ length: 50 }, () => pageView({ url: `https://unsheet.app/${'a'.repeat(1400)}` }));
    const raw = JSON.stringify({ events });
    expect(raw.length).toBeGreaterThan(64 * 1024);
    const response = await collect(undefined, BROWSER_UA, raw);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' });
    expect(await eventCount()).toBe(before);
  });

  it('415 for a body that is not JSON', async () => {
    const response = await fetch(api.url('/api/analytics/collect'), {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ events: [valid()] }),
    });
    expect(response.status).toBe(415);
  });
});
