/**
 * The spec's analytics records (user_sessions, page_views, app_interactions) from the visit events,
 * asynchronously and set-based, in SQL: a batch of up to PROJECTION_BATCH_SIZE events costs a handful of
 * statements, whatever its size. The runner hands over the batch's positions in the log (`handleLog`) and
 * the statements read the events' data where it is, so it never travels to this process and back; `handle`
 * (events in memory: tests, tools) runs the same statements over the events sent as one JSON parameter.
 *
 * Idempotent by the contract's idempotency keys, which are the read models' primary keys: a page view
 * (pageViewId) or an interaction (eventId) already there is not inserted again, and a session's
 * pages_viewed grows only by the page views actually inserted; a repeated session_start or page_time sets
 * the same values again; session_end sets values, the latest `at` wins. Within a batch the first event of
 * each key counts. A retried beacon counts once. Deterministic: a rebuild replays the log in the same order
 * and gives the same tables (created_at is the event's log time).
 *
 * Each session is classified (shared/http/traffic-class.ts) from the inputs its start keeps (user agent,
 * automation flag, referrer, data-centre network) with the projection's rules, the built-in lists and those
 * configured: its class and rule are on its row, and only a person's session counts in the figures (its page
 * views and interactions in the page and app rollups, its facts in the session rollups); any other is counted
 * by class and rule in the excluded rollups (metrics/counted.ts). A session whose class changes (its start
 * arrives after its page views, or again with other inputs) moves its page and app views with it. Rebuilt with
 * other rules (`npm run analytics:reclassify`), the projection classifies every past session by them.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Trx } from '../../shared/db/tables.js';
import type { RecordedEvent } from '../../shared/event-store/events.js';
import type { LogBatch, Projection } from '../../shared/projections/projection.js';
import { classifyTraffic, DEFAULT_TRAFFIC_RULES, type TrafficRules } from '../../shared/http/traffic-class.js';
import { countedSession } from '../metrics/counted.js';
import { moveCountedViews, updateRollups } from './rollups.js';
import { VISIT_EVENT_TYPES, type VisitEvent } from '../analytics.events.js';

/** Partitions of the projection (by session: a visit's stream), applied at once (docs/scaling.md). */
export const VISITS_PARTITIONS = 4;

/** The projection classifying sessions by `rules` (the configured ones: analytics.projections.ts). */
export const visitsProjectionWith = (rules: TrafficRules): Projection<VisitEvent> => ({
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
    'analytics_excluded_rollups',
    'analytics_channel_rollups',
    'analytics_page_rollups',
    'analytics_entry_exit_rollups',
    'analytics_pages',
  ],
  // A session's rows depend on its own events only (its stream): partitions by session apply at once. The
  // rollups a visitor's sessions share are written per partition (shard) and under the visitor's row lock.
  partitions: VISITS_PARTITIONS,
  handle(trx, events, { partition }) {
    return applyVisits(trx, fromEvents(events), partition, rules);
  },
  handleLog(trx, batch, { partition }) {
    return applyVisits(trx, fromLog(batch), partition, rules);
  },
});

/** With the built-in rules only. */
export const visitsProjection = visitsProjectionWith(DEFAULT_TRAFFIC_RULES);

/**
 * A batch's events of one type as rows `(ord, data, created_at)`, `ord` their order in the batch; null when
 * the batch has none of that type.
 */
type BatchOf = (type: VisitEvent['type']) => RawBuilder<unknown> | null;

/** The events from the log, by position (the rows' data stays in the database). */
function fromLog({ positions }: LogBatch): BatchOf {
  return (type) => {
    const of = positions.get(type);
    if (!of || of.length === 0) return null;
    return sql`(select p.ord, e.data, e.created_at
      from unnest(${of}::bigint[]) with ordinality as p(position, ord)
      join events e on e.global_position = p.position)`;
  };
}

/** Events in memory, as one JSON parameter per statement. */
function fromEvents(events: readonly RecordedEvent<VisitEvent>[]): BatchOf {
  return (type) => {
    const rows = events.flatMap((event, ord) => (event.type === type ? [{ ord, data: event.data, created_at: event.createdAt }] : []));
    if (rows.length === 0) return null;
    return sql`(select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(ord bigint, data jsonb, created_at timestamptz))`;
  };
}

async function applyVisits(trx: Trx, batch: BatchOf, partition: number, rules: TrafficRules): Promise<void> {
  // Sessions first, classified: page views copy their session's UTM fields, and count when their session
  // does. Each statement returns the sessions whose rows it changed: the rollups refresh those (an event that
  // changed nothing changes no session's share).
  const started = await startSessions(trx, batch('AnalyticsSessionStarted'));
  const moved = await classifySessions(trx, started, rules);
  await moveCountedViews(trx, moved, partition);
  const pages = await insertPageViews(trx, batch('AnalyticsPageViewed'), batch('AnalyticsPageTimed'));
  const ended = await endSessions(trx, batch('AnalyticsSessionEnded'));
  const interactions = await insertInteractions(trx, batch('AnalyticsAppInteraction'));
  const sessionIds = [...started.map((row) => row.session_id), ...pages.sessionIds, ...ended, ...interactions.map((row) => row.session_id)];
  await updateRollups(
    trx,
    {
      sessionIds,
      pageViews: pages.inserted.filter((row) => row.counted),
      interactions: interactions.filter((row) => row.counted),
    },
    partition,
  );
}

/** A started session's row as the start left it: its classification's inputs, and its class before. */
interface StartedSession {
  session_id: string;
  user_agent: string | null;
  referrer: string | null;
  automation: boolean | null;
  network: string | null;
  traffic_class: string;
  traffic_rule: string;
}

/**
 * Classifies the sessions the batch started (again) with `rules` and sets the class and rule of those whose
 * verdict changed; returns the sessions that went from counted to not or back, with +1 when they count now.
 */
async function classifySessions(
  trx: Trx,
  started: readonly StartedSession[],
  rules: TrafficRules,
): Promise<{ session_id: string; sign: 1 | -1 }[]> {
  const changed = started.flatMap((row) => {
    const verdict = classifyTraffic(
      { userAgent: row.user_agent, automation: row.automation, referrer: row.referrer, network: row.network },
      rules,
    );
    if (verdict.class === row.traffic_class && verdict.rule === row.traffic_rule) return [];
    return [{ session_id: row.session_id, traffic_class: verdict.class, traffic_rule: verdict.rule, was: row.traffic_class }];
  });
  if (changed.length === 0) return [];
  await sql`
    update user_sessions s set traffic_class = r.traffic_class, traffic_rule = r.traffic_rule
    from jsonb_to_recordset(${JSON.stringify(changed)}::jsonb) as r(session_id uuid, traffic_class text, traffic_rule text)
    where s.session_id = r.session_id`.execute(trx);
  const counts = (cls: string) => cls === 'person';
  return changed
    .filter((row) => counts(row.traffic_class) !== counts(row.was))
    .map((row) => ({ session_id: row.session_id, sign: counts(row.traffic_class) ? 1 : -1 }));
}

/**
 * The first event of each idempotency key, in batch order: `d` its data, `created_at` its log time. An event
 * without a key is its own (repeats of earlier batches are left to the tables' keys).
 */
const firstOfEachKey = (events: RawBuilder<unknown>) => sql`(
  select distinct on (coalesce(b.data->>'key', '#' || b.ord)) b.data as d, b.created_at
  from ${events} b order by coalesce(b.data->>'key', '#' || b.ord), b.ord)`;

async function startSessions(trx: Trx, started: RawBuilder<unknown> | null): Promise<StartedSession[]> {
  if (!started) return [];
  const columns = [
    'session_id',
    'visitor_id',
    'user_agent',
    'browser',
    'os',
    'device_type',
    'ip_hash',
    'landing_url',
    'referrer',
    'utm_source',
    'utm_medium',
    'utm_campaign',
    'utm_term',
    'utm_content',
    'gclid',
    'msclkid',
    'fbclid',
    'parsed_referrer',
    'traffic_type',
    'campaign_source',
    'start_time',
    'automation',
    'network',
  ];
  // The class is not set here: the row's class before the start comes back with it (classifySessions).
  const { rows } = await sql<StartedSession>`
    insert into user_sessions (${sql.join(columns.map((c) => sql.ref(c)))})
    select (d->>'sessionId')::uuid, (d->>'visitorId')::uuid, d->>'userAgent', d->>'browser', d->>'os', d->>'deviceType',
      d->>'ipHash', d->>'url', d->>'referrer', d->'utm'->>'source', d->'utm'->>'medium', d->'utm'->>'campaign',
      d->'utm'->>'term', d->'utm'->>'content', d->'clickIds'->>'gclid', d->'clickIds'->>'msclkid', d->'clickIds'->>'fbclid',
      d->>'parsedReferrer', d->>'trafficType', d->>'campaignSource', (d->>'at')::timestamptz, (d->>'automation')::boolean,
      d->>'network'
    from ${firstOfEachKey(started)} s
    on conflict (session_id) do update set
      ${sql.join(columns.filter((c) => c !== 'session_id').map((c) => sql`${sql.ref(c)} = excluded.${sql.ref(c)}`))}
    returning session_id, user_agent, referrer, automation, network, traffic_class, traffic_rule`.execute(trx);
  return rows;
}

/** `counted`: whether its session counts (metrics/counted.ts), as classified by this batch's starts. */
type InsertedPageView = { timestamp: string; page_path: string; counted: boolean };

/**
 * Inserts the page views not there yet, with the time on page the batch has for them, and adds them to their
 * sessions' pages_viewed (creating the session's row if its start has not arrived yet); sets the time on
 * page of page views inserted by earlier batches. Returns the page views inserted and the sessions changed.
 *
 * A page_time that reaches the log before its page_view (two beacons racing) finds no row and is not
 * applied: the tracker sends a page's view before its time, so this is rare.
 */
async function insertPageViews(
  trx: Trx,
  viewed: RawBuilder<unknown> | null,
  timed: RawBuilder<unknown> | null,
): Promise<{ inserted: InsertedPageView[]; sessionIds: string[] }> {
  if (!viewed && !timed) return { inserted: [], sessionIds: [] };
  const { rows } = await sql<{ session_id: string; timestamp: string | null; page_path: string | null; counted: boolean }>`
    with v as ${viewed ? firstOfEachKey(viewed) : sql`(select null::jsonb as d, null::timestamptz as created_at where false)`},
    t as ${timesOnPage(timed)},
    inserted as (
      insert into page_views (page_view_id, session_id, page_url, page_path, page_title, referrer, utm_source,
        utm_medium, utm_campaign, utm_term, utm_content, gclid, parsed_referrer, potential_keywords, timestamp,
        created_at, time_on_page)
      select (v.d->>'pageViewId')::uuid, (v.d->>'sessionId')::uuid, v.d->>'url', ${pagePath(sql`v.d`)}, v.d->>'title',
        v.d->>'referrer', s.utm_source, s.utm_medium, s.utm_campaign, s.utm_term, s.utm_content, s.gclid, s.parsed_referrer,
        v.d->'potentialKeywords', (v.d->>'at')::timestamptz, v.created_at, t.seconds
      from v
      left join user_sessions s on s.session_id = (v.d->>'sessionId')::uuid
      left join t on t.page_view_id = (v.d->>'pageViewId')::uuid
      on conflict (page_view_id) do nothing
      returning page_view_id, session_id, timestamp, page_path),
    counted as (
      insert into user_sessions (session_id, pages_viewed, start_time)
      select session_id, count(*), min(timestamp) from inserted group by session_id
      on conflict (session_id) do update set
        pages_viewed = user_sessions.pages_viewed + excluded.pages_viewed,
        start_time = least(user_sessions.start_time, excluded.start_time)),
    -- The page views inserted above are not visible to this update (one snapshot): they have their time already.
    timed_before as (
      update page_views p set time_on_page = t.seconds
      from t
      where p.page_view_id = t.page_view_id and p.time_on_page is distinct from t.seconds
        and not exists (select 1 from inserted i where i.page_view_id = t.page_view_id)
      returning p.session_id)
    -- A session without a row yet gets one above, counted until its start says otherwise.
    select i.session_id, to_json(i.timestamp)#>>'{}' as timestamp, i.page_path, coalesce(${countedSession('s')}, true) as counted
    from inserted i left join user_sessions s on s.session_id = i.session_id
    union all
    select session_id, null, null, null from timed_before`.execute(trx);
  return {
    inserted: rows.flatMap(({ timestamp, page_path, counted }) =>
      timestamp === null || page_path === null ? [] : [{ timestamp, page_path, counted }],
    ),
    sessionIds: rows.map((row) => row.session_id),
  };
}

/**
 * The page's path, worked out when the event was enriched; for page views logged before events carried it,
 * what follows the URL's host up to its query or fragment ('/' when empty).
 */
const pagePath = (data: RawBuilder<unknown>) =>
  sql`coalesce(${data}->>'path', coalesce(nullif(substring(${data}->>'url' from '^(?:[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*)?([^?#]*)'), ''), '/'))`;

/** The first time on page of each key: `(page_view_id, seconds)`. */
function timesOnPage(timed: RawBuilder<unknown> | null): RawBuilder<unknown> {
  if (!timed) return sql`(select null::uuid as page_view_id, null::integer as seconds where false)`;
  return sql`(select (d->>'pageViewId')::uuid as page_view_id, (d->>'seconds')::integer as seconds from ${firstOfEachKey(timed)} k)`;
}

/** time_on_site and end_time of the latest session_end (by `at`, the later in the batch on a tie) win. */
async function endSessions(trx: Trx, ended: RawBuilder<unknown> | null): Promise<string[]> {
  if (!ended) return [];
  const { rows } = await sql<{ session_id: string }>`
    insert into user_sessions (session_id, time_on_site, end_time, start_time)
    select distinct on ((b.data->>'sessionId')::uuid) (b.data->>'sessionId')::uuid, (b.data->>'timeOnSite')::integer,
      (b.data->>'at')::timestamptz, (b.data->>'at')::timestamptz - make_interval(secs => (b.data->>'timeOnSite')::integer)
    from ${ended} b
    order by (b.data->>'sessionId')::uuid, (b.data->>'at')::timestamptz desc, b.ord desc
    on conflict (session_id) do update set time_on_site = excluded.time_on_site, end_time = excluded.end_time
    where user_sessions.end_time is null or user_sessions.end_time <= excluded.end_time
    returning session_id`.execute(trx);
  return rows.map((row) => row.session_id);
}

type InsertedInteraction = { session_id: string; app_id: string | null; action_type: string; timestamp: string; counted: boolean };

/** Inserts the interactions not there yet; returns those inserted, and whether their sessions count. */
async function insertInteractions(trx: Trx, interacted: RawBuilder<unknown> | null): Promise<InsertedInteraction[]> {
  if (!interacted) return [];
  const { rows } = await sql<InsertedInteraction>`
    with inserted as (
      insert into app_interactions (id, app_id, session_id, action_type, metadata, timestamp, created_at)
      select (d->>'eventId')::uuid, (d->>'appId')::uuid, (d->>'sessionId')::uuid, d->>'action', d->'metadata',
        (d->>'at')::timestamptz, created_at
      from ${firstOfEachKey(interacted)} i
      on conflict (id) do nothing
      returning session_id, app_id, action_type, timestamp)
    select i.session_id, i.app_id, i.action_type, to_json(i.timestamp)#>>'{}' as timestamp, coalesce(${countedSession('s')}, true) as counted
    from inserted i left join user_sessions s on s.session_id = i.session_id`.execute(trx);
  return rows;
}
