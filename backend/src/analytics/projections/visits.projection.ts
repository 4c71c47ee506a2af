/**
 * The spec's analytics records (user_sessions, page_views, app_interactions) from the visit events,
 * asynchronously and set-based: a batch of up to PROJECTION_BATCH_SIZE events costs a handful of
 * statements, whatever its size.
 *
 * Idempotent by the contract's idempotency keys, which are the read models' primary keys: a page view
 * (pageViewId) or an interaction (eventId) already there is not inserted again, and a session's
 * pages_viewed grows only by the page views actually inserted; a repeated session_start or page_time sets
 * the same values again; session_end sets values, the latest `at` wins. A retried beacon counts once.
 * Deterministic: a rebuild replays the log in the same order and gives the same tables (created_at is the
 * event's log time).
 */
import { sql } from 'kysely';
import type { Trx } from '../../shared/db/tables.js';
import type { RecordedEvent } from '../../shared/event-store/events.js';
import type { Projection } from '../../shared/projections/projection.js';
import { updateRollups } from './rollups.js';
import {
  VISIT_EVENT_TYPES,
  type AnalyticsAppInteraction,
  type AnalyticsPageTimed,
  type AnalyticsPageViewed,
  type AnalyticsSessionEnded,
  type AnalyticsSessionStarted,
  type VisitEvent,
} from '../analytics.events.js';

type Recorded<E extends VisitEvent> = RecordedEvent<E>;

/** Partitions of the projection (by session: a visit's stream), applied at once (docs/scaling.md). */
export const VISITS_PARTITIONS = 4;

export const visitsProjection: Projection<VisitEvent> = {
  name: 'analytics-visits',
  mode: 'async',
  handles: VISIT_EVENT_TYPES,
  tables: [
    'user_sessions',
    'page_views',
    'app_interactions',
    'analytics_rollup_visitors',
    'analytics_session_facts',
    'analytics_session_rollups',
    'analytics_source_rollups',
    'analytics_campaign_rollups',
    'analytics_page_view_rollups',
    'analytics_app_view_rollups',
    'analytics_return_pairs',
  ],
  // A session's rows depend on its own events only (its stream): partitions by session apply at once. The
  // rollups a visitor's sessions share are written per partition (shard) and under the visitor's row lock.
  partitions: VISITS_PARTITIONS,
  async handle(trx, events, { partition }) {
    const fresh = firstOfEachKey(events);
    const of = <T extends VisitEvent['type']>(type: T) =>
      fresh.filter((event): event is Recorded<Extract<VisitEvent, { type: T }>> => event.type === type);
    // Sessions first: page views copy their session's UTM fields.
    await startSessions(trx, of('AnalyticsSessionStarted'));
    const inserted = await insertPageViews(trx, of('AnalyticsPageViewed'));
    await countPageViews(trx, inserted);
    await endSessions(trx, of('AnalyticsSessionEnded'));
    await setTimesOnPage(trx, of('AnalyticsPageTimed'));
    const interactions = await insertInteractions(trx, of('AnalyticsAppInteraction'));
    const sessionIds = fresh.map((event) => event.data.sessionId);
    await updateRollups(trx, { sessionIds, pageViews: inserted, interactions }, partition);
  },
};

/** Repeats inside the batch dropped (an upsert may not touch a row twice); repeats of earlier batches are left to the keys. */
function firstOfEachKey(events: readonly Recorded<VisitEvent>[]): Recorded<VisitEvent>[] {
  const seen = new Set<string>();
  return events.filter((event) => {
    if (!('key' in event.data)) return true;
    if (seen.has(event.data.key)) return false;
    seen.add(event.data.key);
    return true;
  });
}

const recordset = (rows: readonly object[]) => sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)`;

async function startSessions(trx: Trx, events: Recorded<AnalyticsSessionStarted>[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map(({ data }) => ({
    session_id: data.sessionId,
    visitor_id: data.visitorId,
    user_agent: data.userAgent,
    browser: data.browser,
    os: data.os,
    device_type: data.deviceType,
    ip_hash: data.ipHash,
    landing_url: data.url,
    referrer: data.referrer,
    utm_source: data.utm.source,
    utm_medium: data.utm.medium,
    utm_campaign: data.utm.campaign,
    utm_term: data.utm.term,
    utm_content: data.utm.content,
    gclid: data.clickIds.gclid,
    msclkid: data.clickIds.msclkid,
    fbclid: data.clickIds.fbclid,
    parsed_referrer: data.parsedReferrer,
    traffic_type: data.trafficType,
    campaign_source: data.campaignSource,
    start_time: data.at,
  }));
  const columns = Object.keys(rows[0]!);
  await sql`
    insert into user_sessions (${sql.join(columns.map((c) => sql.ref(c)))})
    select * from ${recordset(rows)} as r(
      session_id uuid, visitor_id uuid, user_agent text, browser text, os text, device_type text, ip_hash text,
      landing_url text, referrer text, utm_source text, utm_medium text, utm_campaign text, utm_term text,
      utm_content text, gclid text, msclkid text, fbclid text, parsed_referrer text, traffic_type text,
      campaign_source text, start_time timestamptz)
    on conflict (session_id) do update set
      ${sql.join(columns.filter((c) => c !== 'session_id').map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`))}`.execute(trx);
}

/** pages_viewed += the page views just inserted; creates the session's row if its start has not arrived yet. */
async function countPageViews(trx: Trx, inserted: InsertedPageView[]): Promise<void> {
  if (inserted.length === 0) return;
  const perSession = new Map<string, { session_id: string; pages: number; first_at: string }>();
  for (const { session_id, timestamp } of inserted) {
    const row = perSession.get(session_id);
    if (row) {
      row.pages += 1;
      if (timestamp < row.first_at) row.first_at = timestamp;
    } else perSession.set(session_id, { session_id, pages: 1, first_at: timestamp });
  }
  await sql`
    insert into user_sessions (session_id, pages_viewed, start_time)
    select session_id, pages, first_at from ${recordset([...perSession.values()])}
      as r(session_id uuid, pages integer, first_at timestamptz)
    on conflict (session_id) do update set
      pages_viewed = user_sessions.pages_viewed + excluded.pages_viewed,
      start_time = least(user_sessions.start_time, excluded.start_time)`.execute(trx);
}

/** time_on_site and end_time of the latest session_end (by `at`) win. */
async function endSessions(trx: Trx, events: Recorded<AnalyticsSessionEnded>[]): Promise<void> {
  if (events.length === 0) return;
  const latest = new Map<string, AnalyticsSessionEnded['data']>();
  for (const { data } of events) {
    const known = latest.get(data.sessionId);
    if (!known || known.at <= data.at) latest.set(data.sessionId, data);
  }
  const rows = [...latest.values()].map((data) => ({
    session_id: data.sessionId,
    time_on_site: data.timeOnSite,
    end_time: data.at,
    start_time: new Date(Date.parse(data.at) - data.timeOnSite * 1000).toISOString(),
  }));
  await sql`
    insert into user_sessions (session_id, time_on_site, end_time, start_time)
    select * from ${recordset(rows)} as r(session_id uuid, time_on_site integer, end_time timestamptz, start_time timestamptz)
    on conflict (session_id) do update set time_on_site = excluded.time_on_site, end_time = excluded.end_time
    where user_sessions.end_time is null or user_sessions.end_time <= excluded.end_time`.execute(trx);
}

type InsertedPageView = { session_id: string; timestamp: string; page_path: string };

/** Inserts the page views not there yet; returns those inserted (with their time, as ISO text). */
async function insertPageViews(trx: Trx, events: Recorded<AnalyticsPageViewed>[]): Promise<InsertedPageView[]> {
  if (events.length === 0) return [];
  const rows = events.map(({ data, createdAt }) => ({
    page_view_id: data.pageViewId,
    session_id: data.sessionId,
    page_url: data.url,
    page_path: pathOf(data.url),
    page_title: data.title,
    referrer: data.referrer,
    potential_keywords: data.potentialKeywords,
    timestamp: data.at,
    created_at: createdAt,
  }));
  const { rows: inserted } = await sql<InsertedPageView>`
    insert into page_views (page_view_id, session_id, page_url, page_path, page_title, referrer, utm_source,
      utm_medium, utm_campaign, utm_term, utm_content, gclid, parsed_referrer, potential_keywords, timestamp, created_at)
    select r.page_view_id, r.session_id, r.page_url, r.page_path, r.page_title, r.referrer, s.utm_source,
      s.utm_medium, s.utm_campaign, s.utm_term, s.utm_content, s.gclid, s.parsed_referrer, r.potential_keywords,
      r.timestamp, r.created_at
    from ${recordset(rows)} as r(page_view_id uuid, session_id uuid, page_url text, page_path text, page_title text,
      referrer text, potential_keywords jsonb, timestamp timestamptz, created_at timestamptz)
    left join user_sessions s on s.session_id = r.session_id
    on conflict (page_view_id) do nothing
    returning session_id, to_json(timestamp)#>>'{}' as timestamp, page_path`.execute(trx);
  return inserted;
}

/**
 * Sets time_on_page. A page_time that reaches the log before its page_view (two beacons racing) finds no
 * row and is not applied: the tracker sends a page's view before its time, so this is rare.
 */
async function setTimesOnPage(trx: Trx, events: Recorded<AnalyticsPageTimed>[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map(({ data }) => ({ page_view_id: data.pageViewId, seconds: data.seconds }));
  await sql`
    update page_views p set time_on_page = r.seconds
    from ${recordset(rows)} as r(page_view_id uuid, seconds integer)
    where p.page_view_id = r.page_view_id`.execute(trx);
}

type InsertedInteraction = { app_id: string | null; action_type: string; timestamp: string };

/** Inserts the interactions not there yet; returns those inserted. */
async function insertInteractions(trx: Trx, events: Recorded<AnalyticsAppInteraction>[]): Promise<InsertedInteraction[]> {
  if (events.length === 0) return [];
  const rows = events.map(({ data, createdAt }) => ({
    id: data.eventId,
    app_id: data.appId,
    session_id: data.sessionId,
    action_type: data.action,
    metadata: data.metadata,
    timestamp: data.at,
    created_at: createdAt,
  }));
  const { rows: inserted } = await sql<InsertedInteraction>`
    insert into app_interactions (id, app_id, session_id, action_type, metadata, timestamp, created_at)
    select * from ${recordset(rows)} as r(id uuid, app_id uuid, session_id uuid, action_type text, metadata jsonb,
      timestamp timestamptz, created_at timestamptz)
    on conflict (id) do nothing
    returning app_id, action_type, to_json(timestamp)#>>'{}' as timestamp`.execute(trx);
  return inserted;
}

/** The URL's path ('/' for the home page), or the URL itself when it does not parse. */
export function pathOf(url: string): string {
  try {
    return new URL(url, 'http://localhost').pathname;
  } catch {
    return url;
  }
}
