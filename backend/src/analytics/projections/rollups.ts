/**
 * The dashboard’s rollups (migration 27), kept in the visits projection's transaction so that a 30-day read
 * sums a few thousand rows however many page views there are.
 *
 * Sessions by source and by campaign are kept per UTC day too (`fine` false, migration 29): a value appears in
 * most of a range's buckets, so a 30-day read takes its whole days from about 30 rows per value. The pairs of
 * a visitor's sessions are kept by bucket and by day alike.
 *
 * Page views and app views are counted when they are inserted (the projection returns exactly the rows it
 * inserted, so a retried beacon counts once). A session's share (its start bucket, pages, duration, source,
 * campaign, and its place among its visitor's sessions) can change with every event of the session, and a
 * session arriving late changes its neighbours' places: so each batch recomputes the facts of the sessions
 * it names and of the few whose places they move (placesMoved), and moves the rollups by the difference with
 * what those sessions had added before (analytics_session_facts). The rollups are so always the sum of the
 * sessions' current facts: a retry changes nothing and a rebuild gives the same rows. The visitor id is the
 * anonymous tracker's to choose, so nothing here reads all of a visitor's sessions: a batch's work is its own
 * sessions' and their neighbours', found by index, however many sessions the id holds.
 *
 * Only the sessions that count (metrics/counted.ts) are in these rollups, and a session's place among its
 * visitor's sessions is among those that count; a session of any other class adds to the excluded rollups
 * instead (one row per class and rule, with its sessions and their page views and interactions), so a session
 * whose class changes moves from one to the other by the same difference of facts.
 *
 * Rows are written under the caller's shard: partitions of the projection running at once write
 * different rows, and reads sum over shards. A visitor's sessions may be in several partitions, so their
 * recomputation is serialised per visitor (a row lock), not per projection.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Trx } from '../../shared/db/tables.js';
import type { AnalyticsSessionFactsTable } from '../analytics.tables.js';
import { bucketOf, utcDayOf } from '../metrics/buckets.js';
import { COUNTED_CLASS, countedSession } from '../metrics/counted.js';
import { bounced, isInteraction, pageKey, sessionChannel } from '../metrics/visit-figures.js';
import { sessionDuration } from '../metrics/session-duration.js';
import { sessionTimings } from '../metrics/session-timings.js';

export interface RollupChanges {
  /** The sessions whose rows the batch changed (one named only by events that changed nothing may be left out). */
  sessionIds: readonly string[];
  /** The page views the batch inserted (not those that were there already) of sessions that count. */
  pageViews: readonly { timestamp: string; page_path: string }[];
  /** The app interactions the batch inserted of sessions that count. */
  interactions: readonly { app_id: string | null; action_type: string; timestamp: string }[];
}

/** `shard`: the projection partition applying the batch (rows of different partitions never collide). */
export async function updateRollups(trx: Trx, changes: RollupChanges, shard: number): Promise<void> {
  await countPageViews(trx, changes.pageViews, shard);
  await countInteractions(trx, changes.interactions, shard);
  await refreshSessions(trx, changes.sessionIds, shard);
}

const recordset = (rows: readonly object[]) => sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)`;
const BUCKET = sql`interval '15 minutes'`;

/**
 * Page views by bucket, and by page per bucket and per UTC day (the top pages), as they are inserted; each
 * page's path once, by its key.
 */
async function countPageViews(trx: Trx, pageViews: RollupChanges['pageViews'], shard: number): Promise<void> {
  if (pageViews.length === 0) return;
  const rows = recordset(pageViews);
  await sql`
    insert into analytics_page_view_rollups as t (bucket, shard, page_views, home_views, interactions)
    select date_bin(${BUCKET}, r.timestamp, timestamptz 'epoch'), ${shard}, count(*), count(*) filter (where r.page_path = '/'), 0
    from ${rows} as r(timestamp timestamptz, page_path text) group by 1
    on conflict (bucket, shard) do update set
      page_views = t.page_views + excluded.page_views, home_views = t.home_views + excluded.home_views`.execute(trx);
  await sql`
    insert into analytics_page_rollups as t (fine, bucket, page_key, shard, views)
    select fine, at, page_key, ${shard}, count(*) from (
      select true as fine, date_bin(${BUCKET}, r.timestamp, timestamptz 'epoch') as at, ${pageKey(sql`r.page_path`)} as page_key
      from ${rows} as r(timestamp timestamptz, page_path text)
      union all
      select false, date_bin(interval '1 day', r.timestamp, timestamptz 'epoch'), ${pageKey(sql`r.page_path`)}
      from ${rows} as r(timestamp timestamptz, page_path text)) x
    group by 1, 2, 3
    on conflict (fine, bucket, page_key, shard) do update set views = t.views + excluded.views`.execute(trx);
  await sql`
    insert into analytics_pages (page_key, path)
    select distinct on (1) ${pageKey(sql`r.page_path`)}, r.page_path from ${rows} as r(timestamp timestamptz, page_path text)
    order by 1, 2
    on conflict (page_key) do nothing`.execute(trx);
}

/**
 * App interactions as they are inserted: those the visitor made (INTERACTIONS, the figure) by bucket, and app
 * views by app.
 */
async function countInteractions(trx: Trx, interactions: RollupChanges['interactions'], shard: number): Promise<void> {
  const made = interactions.filter((row) => isInteraction(row.action_type));
  if (made.length > 0) {
    await sql`
      insert into analytics_page_view_rollups as t (bucket, shard, page_views, home_views, interactions)
      select date_bin(${BUCKET}, r.timestamp, timestamptz 'epoch'), ${shard}, 0, 0, count(*)
      from ${recordset(made)} as r(timestamp timestamptz) group by 1
      on conflict (bucket, shard) do update set interactions = t.interactions + excluded.interactions`.execute(trx);
  }
  const views = interactions.filter((row) => row.action_type === 'view' && row.app_id !== null);
  if (views.length === 0) return;
  await sql`
    insert into analytics_app_view_rollups as t (bucket, app_id, shard, views)
    select date_bin(${BUCKET}, r.timestamp, timestamptz 'epoch'), r.app_id, ${shard}, count(*)
    from ${recordset(views)} as r(timestamp timestamptz, app_id uuid) group by 1, 2
    on conflict (bucket, app_id, shard) do update set views = t.views + excluded.views`.execute(trx);
}

/**
 * Moves the page views (by bucket and by page), interactions and app views of sessions that began or stopped
 * counting (their class changed) into the rollups (sign +1) or out of them (-1); a row back at zero is
 * deleted, as RollupDeltas does.
 */
export async function moveCountedViews(trx: Trx, sessions: readonly { session_id: string; sign: 1 | -1 }[], shard: number): Promise<void> {
  if (sessions.length === 0) return;
  const moved = sql`${recordset(sessions)} as m(session_id uuid, sign integer)`;
  await sql`
    with added as (
      insert into analytics_page_view_rollups as t (bucket, shard, page_views, home_views, interactions)
      select bucket, ${shard}, sum(views), sum(home), sum(made) from (
        select date_bin(${BUCKET}, p.timestamp, timestamptz 'epoch') as bucket, m.sign as views,
               case when p.page_path = '/' then m.sign else 0 end as home, 0 as made
        from page_views p join ${moved} on m.session_id = p.session_id
        union all
        select date_bin(${BUCKET}, i.timestamp, timestamptz 'epoch'), 0, 0, m.sign
        from app_interactions i join ${moved} on m.session_id = i.session_id where i.action_type <> 'view') x
      group by 1
      on conflict (bucket, shard) do update set page_views = t.page_views + excluded.page_views,
        home_views = t.home_views + excluded.home_views, interactions = t.interactions + excluded.interactions
      returning bucket, page_views = 0 and home_views = 0 and interactions = 0 as empty)
    delete from analytics_page_view_rollups t using added a where a.empty and t.bucket = a.bucket and t.shard = ${shard}`.execute(trx);
  await sql`
    with added as (
      insert into analytics_page_rollups as t (fine, bucket, page_key, shard, views)
      select fine, at, page_key, ${shard}, sum(sign) from (
        select true as fine, date_bin(${BUCKET}, p.timestamp, timestamptz 'epoch') as at, ${pageKey(sql`p.page_path`)} as page_key, m.sign
        from page_views p join ${moved} on m.session_id = p.session_id
        union all
        select false, date_bin(interval '1 day', p.timestamp, timestamptz 'epoch'), ${pageKey(sql`p.page_path`)}, m.sign
        from page_views p join ${moved} on m.session_id = p.session_id) x
      group by 1, 2, 3
      on conflict (fine, bucket, page_key, shard) do update set views = t.views + excluded.views
      returning fine, bucket, page_key, views = 0 as empty)
    delete from analytics_page_rollups t using added a
    where a.empty and t.fine = a.fine and t.bucket = a.bucket and t.page_key = a.page_key and t.shard = ${shard}`.execute(trx);
  await sql`
    insert into analytics_pages (page_key, path)
    select distinct on (1) ${pageKey(sql`p.page_path`)}, p.page_path from page_views p join ${moved} on m.session_id = p.session_id
    where m.sign > 0 order by 1, 2
    on conflict (page_key) do nothing`.execute(trx);
  await sql`
    with added as (
      insert into analytics_app_view_rollups as t (bucket, app_id, shard, views)
      select date_bin(${BUCKET}, i.timestamp, timestamptz 'epoch'), i.app_id, ${shard}, sum(m.sign)
      from app_interactions i join ${moved} on m.session_id = i.session_id
      where i.action_type = 'view' and i.app_id is not null group by 1, 2
      on conflict (bucket, app_id, shard) do update set views = t.views + excluded.views
      returning bucket, app_id, views = 0 as empty)
    delete from analytics_app_view_rollups t using added a
    where a.empty and t.bucket = a.bucket and t.app_id = a.app_id and t.shard = ${shard}`.execute(trx);
}

/** What one session adds to the rollups (a row of analytics_session_facts, its times in epoch ms). */
type SessionFacts = Omit<AnalyticsSessionFactsTable, 'start_time' | 'prev_start'> & { start_time: number; prev_start: number | null };

async function refreshSessions(trx: Trx, named: readonly string[], shard: number): Promise<void> {
  if (named.length === 0) return;
  const sessionIds = [...new Set(named)];
  // The visitors the sessions belong to now and belonged to when last counted.
  const { rows: visitorRows } = await sql<{ visitor_id: string }>`
    select visitor_id from user_sessions where session_id = any(${sessionIds}::uuid[]) and visitor_id is not null
    union
    select visitor_id from analytics_session_facts where session_id = any(${sessionIds}::uuid[]) and visitor_id is not null`.execute(trx);
  const visitors = visitorRows.map((row) => row.visitor_id);
  if (visitors.length > 0) {
    // Row locks on the visitors, taken in one order in every transaction, so two partitions never wait for
    // each other in a cycle (row locks, unlike advisory locks, take no room in the shared lock table). What
    // follows reads after the lock (read committed): the facts of the visitors' sessions are those every
    // batch before has left, and they place every session the rows have, but for this batch's.
    await sql`
      insert into analytics_rollup_visitors (visitor_id) select v from unnest(${visitors}::uuid[]) v order by v
      on conflict (visitor_id) do update set visitor_id = excluded.visitor_id`.execute(trx);
  }
  const ids = await placesMoved(trx, sessionIds, visitors);
  const [before, after] = await Promise.all([storedFacts(trx, ids), currentFacts(trx, ids)]);

  const deltas = new RollupDeltas();
  const changed: SessionFacts[] = [];
  for (const old of before.values()) {
    const facts = after.get(old.session_id);
    if (!facts || !sameFacts(old, facts)) deltas.add(old, -1);
  }
  for (const facts of after.values()) {
    const old = before.get(facts.session_id);
    if (old && sameFacts(old, facts)) continue;
    deltas.add(facts, 1);
    changed.push(facts);
  }
  await deltas.write(trx, shard);
  await storeFacts(trx, changed);
}

const sameFacts = (a: SessionFacts, b: SessionFacts) =>
  (Object.keys(a) as (keyof SessionFacts)[]).every((column) => a[column] === b[column]);

const factColumns = sql`session_id, visitor_id, start_time, prev_start, second, pages, duration, traffic_type, parsed_referrer,
  utm_source, utm_medium, utm_campaign, traffic_class, traffic_rule, events, channel, entry_key, exit_key, bounced`;

type FactRow = AnalyticsSessionFactsTable;

const toFacts = (row: FactRow): SessionFacts => ({
  session_id: row.session_id,
  visitor_id: row.visitor_id,
  start_time: row.start_time.getTime(),
  prev_start: row.prev_start?.getTime() ?? null,
  second: row.second,
  pages: row.pages,
  duration: row.duration,
  traffic_type: row.traffic_type,
  parsed_referrer: row.parsed_referrer,
  utm_source: row.utm_source,
  utm_medium: row.utm_medium,
  utm_campaign: row.utm_campaign,
  traffic_class: row.traffic_class,
  traffic_rule: row.traffic_rule,
  events: row.events,
  channel: row.channel,
  entry_key: row.entry_key,
  exit_key: row.exit_key,
  bounced: row.bounced,
});

async function storedFacts(trx: Trx, ids: string[]): Promise<Map<string, SessionFacts>> {
  const { rows } = await sql<FactRow>`
    select ${factColumns} from analytics_session_facts where session_id = any(${ids}::uuid[])`.execute(trx);
  return new Map(rows.map((row) => [row.session_id, toFacts(row)]));
}

/**
 * The sessions whose facts the batch may change: those it names, and those whose place among their visitor's
 * sessions they may move. A session's place is the start of the one before it (`prev_start`) and whether it
 * is its visitor's first, second or later: so a session moving in, out of or within a visitor's sessions moves
 * only the places of the session after it, before (in the facts) and now (in the rows), and of the visitor's
 * first two sessions. All found by index (visitor, start, id): the work is the batch's, however many sessions
 * the visitor id holds.
 */
async function placesMoved(trx: Trx, sessionIds: string[], visitors: string[]): Promise<string[]> {
  // Places are among the sessions that count, in the rows and in the facts alike.
  const next = (table: RawBuilder<unknown>) => sql`
    select n.session_id from ${table} s cross join lateral (
      select o.session_id from ${table} o
      where o.visitor_id = s.visitor_id and (o.start_time, o.session_id) > (s.start_time, s.session_id) and ${countedSession('o')}
      order by o.start_time, o.session_id limit 1) n
    where s.session_id = any(${sessionIds}::uuid[]) and s.visitor_id is not null`;
  const firstTwo = (table: RawBuilder<unknown>) => sql`
    select f.session_id from unnest(${visitors}::uuid[]) v(visitor_id) cross join lateral (
      select o.session_id from ${table} o where o.visitor_id = v.visitor_id and ${countedSession('o')}
      order by o.start_time, o.session_id limit 2) f`;
  const [now, counted] = [sql.table('user_sessions'), sql.table('analytics_session_facts')];
  const { rows } = await sql<{ session_id: string }>`
    select unnest(${sessionIds}::uuid[]) as session_id
    union ${next(now)} union ${next(counted)} union ${firstTwo(now)} union ${firstTwo(counted)}`.execute(trx);
  return rows.map((row) => row.session_id);
}

/**
 * The sessions' facts from the visits tables as they are now; a session's place from the (at most two)
 * sessions of its visitor before it that count. A session that does not count has no place, and its page views
 * and interactions as its events.
 */
async function currentFacts(trx: Trx, ids: string[]): Promise<Map<string, SessionFacts>> {
  const [{ rows }, timings] = await Promise.all([
    sql<SessionRow>`
      select s.session_id, s.visitor_id, s.start_time, case when ${countedSession('s')} then b.prev_start end as prev_start,
             ${countedSession('s')} and s.visitor_id is not null and b.n = 1 as second,
             s.traffic_type, s.parsed_referrer, s.utm_source, s.utm_medium, s.utm_campaign, s.traffic_class, s.traffic_rule,
             case when ${countedSession('s')} then 0
               else s.pages_viewed + (select count(*) from app_interactions i where i.session_id = s.session_id)::int end as events,
             s.gclid, s.msclkid, s.fbclid
      from user_sessions s
      cross join lateral (
        select max(p.start_time) as prev_start, count(*) as n from (
          select o.start_time from user_sessions o
          where o.visitor_id = s.visitor_id and (o.start_time, o.session_id) < (s.start_time, s.session_id) and ${countedSession('o')}
          order by o.start_time desc, o.session_id desc limit 2) p) b
      where s.session_id = any(${ids}::uuid[])`.execute(trx),
    sessionTimings(trx, sql`session_id = any(${ids}::uuid[])`),
  ]);
  const byId = new Map(timings.map((timing) => [timing.sessionId, timing]));
  return new Map(
    rows.map(({ gclid, msclkid, fbclid, ...row }) => {
      const timing = byId.get(row.session_id)!;
      const facts: FactRow = {
        ...row,
        pages: timing.pages,
        duration: sessionDuration(timing),
        channel: sessionChannel({ ...row, gclid, msclkid, fbclid }),
        entry_key: timing.entryKey,
        exit_key: timing.exitKey,
        bounced: bounced(timing),
      };
      return [row.session_id, toFacts(facts)];
    }),
  );
}

type SessionRow = Omit<FactRow, 'pages' | 'duration' | 'channel' | 'entry_key' | 'exit_key' | 'bounced'> & {
  gclid: string | null;
  msclkid: string | null;
  fbclid: string | null;
};

async function storeFacts(trx: Trx, facts: SessionFacts[]): Promise<void> {
  if (facts.length === 0) return;
  const rows = facts.map((f) => ({
    ...f,
    start_time: new Date(f.start_time).toISOString(),
    prev_start: f.prev_start === null ? null : new Date(f.prev_start).toISOString(),
  }));
  await sql`
    insert into analytics_session_facts (${factColumns})
    select ${factColumns} from ${recordset(rows)} as r(session_id uuid, visitor_id uuid, start_time timestamptz,
      prev_start timestamptz, second boolean, pages integer, duration integer, traffic_type text, parsed_referrer text,
      utm_source text, utm_medium text, utm_campaign text, traffic_class text, traffic_rule text, events integer,
      channel text, entry_key bigint, exit_key bigint, bounced boolean)
    on conflict (session_id) do update set visitor_id = excluded.visitor_id, start_time = excluded.start_time,
      prev_start = excluded.prev_start, second = excluded.second, pages = excluded.pages, duration = excluded.duration,
      traffic_type = excluded.traffic_type, parsed_referrer = excluded.parsed_referrer, utm_source = excluded.utm_source,
      utm_medium = excluded.utm_medium, utm_campaign = excluded.utm_campaign, traffic_class = excluded.traffic_class,
      traffic_rule = excluded.traffic_rule, events = excluded.events, channel = excluded.channel,
      entry_key = excluded.entry_key, exit_key = excluded.exit_key, bounced = excluded.bounced`.execute(trx);
}

/** A rollup table: its key columns and its counters, with their SQL types. */
interface RollupTable {
  name: string;
  keys: [string, string][];
  counters: string[];
}

const SESSIONS: RollupTable = {
  name: 'analytics_session_rollups',
  keys: [['bucket', 'timestamptz']],
  counters: ['sessions', 'visitor_sessions', 'first_sessions', 'duration', 'bounces'],
};
const SOURCES: RollupTable = {
  name: 'analytics_source_rollups',
  keys: [
    ['fine', 'boolean'],
    ['bucket', 'timestamptz'],
    ['traffic_type', 'text'],
    ['source', 'text'],
  ],
  counters: ['sessions'],
};
const CAMPAIGNS: RollupTable = {
  name: 'analytics_campaign_rollups',
  keys: [
    ['fine', 'boolean'],
    ['bucket', 'timestamptz'],
    ['utm_source', 'text'],
    ['utm_medium', 'text'],
    ['utm_campaign', 'text'],
  ],
  counters: ['sessions'],
};
const EXCLUDED: RollupTable = {
  name: 'analytics_excluded_rollups',
  keys: [
    ['fine', 'boolean'],
    ['bucket', 'timestamptz'],
    ['traffic_class', 'text'],
    ['traffic_rule', 'text'],
  ],
  counters: ['sessions', 'events'],
};
const CHANNELS: RollupTable = {
  name: 'analytics_channel_rollups',
  keys: [
    ['fine', 'boolean'],
    ['bucket', 'timestamptz'],
    ['channel', 'text'],
  ],
  counters: ['sessions'],
};
const ENTRY_EXIT: RollupTable = {
  name: 'analytics_entry_exit_rollups',
  keys: [
    ['fine', 'boolean'],
    ['bucket', 'timestamptz'],
    ['page_key', 'bigint'],
  ],
  counters: ['entries', 'exits'],
};
const PAIRS: RollupTable = {
  name: 'analytics_return_pairs',
  keys: [
    ['fine_p', 'boolean'],
    ['fine_q', 'boolean'],
    ['p_at', 'timestamptz'],
    ['q_at', 'timestamptz'],
  ],
  counters: ['pairs', 'second_pairs'],
};

type Key = (string | number | boolean | null)[];

/** The net change of every rollup row a set of sessions moves: what they add now less what they added before. */
class RollupDeltas {
  private readonly rows = new Map<RollupTable, Map<string, { key: Key; counts: number[] }>>();

  add(f: SessionFacts, sign: 1 | -1): void {
    const bucket = bucketOf(f.start_time);
    const day = utcDayOf(f.start_time);
    if (f.traffic_class !== COUNTED_CLASS) {
      this.bump(EXCLUDED, [true, bucket, f.traffic_class, f.traffic_rule], sign, [1, f.events]);
      this.bump(EXCLUDED, [false, day, f.traffic_class, f.traffic_rule], sign, [1, f.events]);
      return;
    }
    const visitor = f.visitor_id !== null ? 1 : 0;
    this.bump(SESSIONS, [bucket], sign, [1, visitor, visitor && f.prev_start === null ? 1 : 0, f.duration, f.bounced ? 1 : 0]);
    const hasCampaign = f.utm_source !== null || f.utm_medium !== null || f.utm_campaign !== null;
    for (const [fine, at] of [
      [true, bucket],
      [false, day],
    ] as const) {
      this.bump(SOURCES, [fine, at, f.traffic_type ?? 'unknown', f.parsed_referrer ?? 'direct'], sign, [1]);
      if (hasCampaign) this.bump(CAMPAIGNS, [fine, at, f.utm_source, f.utm_medium, f.utm_campaign], sign, [1]);
      this.bump(CHANNELS, [fine, at, f.channel], sign, [1]);
      if (f.entry_key !== null) this.bump(ENTRY_EXIT, [fine, at, f.entry_key], sign, [1, 0]);
      if (f.exit_key !== null) this.bump(ENTRY_EXIT, [fine, at, f.exit_key], sign, [0, 1]);
    }
    if (f.prev_start !== null) {
      const p = { fine: bucketOf(f.prev_start), day: utcDayOf(f.prev_start) };
      const q = { fine: bucket, day };
      for (const fineP of [true, false]) {
        for (const fineQ of [true, false]) {
          this.bump(PAIRS, [fineP, fineQ, fineP ? p.fine : p.day, fineQ ? q.fine : q.day], sign, [1, f.second ? 1 : 0]);
        }
      }
    }
  }

  private bump(table: RollupTable, key: Key, sign: 1 | -1, counts: number[]): void {
    let rows = this.rows.get(table);
    if (!rows) this.rows.set(table, (rows = new Map()));
    const id = key.map((part) => (part === null ? '\u0000' : String(part))).join('\u0001');
    const row = rows.get(id) ?? { key, counts: counts.map(() => 0) };
    counts.forEach((n, i) => (row.counts[i]! += sign * n));
    rows.set(id, row);
  }

  async write(trx: Trx, shard: number): Promise<void> {
    for (const [table, rows] of this.rows) {
      const changed = [...rows.values()].filter((row) => row.counts.some((n) => n !== 0));
      if (changed.length === 0) continue;
      const records = changed.map(({ key, counts }) =>
        Object.fromEntries([
          ...table.keys.map(([name, type], i) => [name, type === 'timestamptz' ? new Date(key[i] as number).toISOString() : key[i]]),
          ...table.counters.map((name, i) => [name, counts[i]]),
        ]),
      );
      const keys = table.keys.map(([name]) => sql.ref(name));
      const counters = table.counters.map((name) => sql.ref(name));
      const columns = [
        ...table.keys.map(([name, type]) => sql.raw(`${name} ${type}`)),
        ...table.counters.map((name) => sql.raw(`${name} bigint`)),
      ];
      const { rows: emptied } = await sql<Record<string, unknown>>`
        insert into ${sql.table(table.name)} as t (${sql.join(keys)}, shard, ${sql.join(counters)})
        select ${sql.join(keys)}, ${shard}, ${sql.join(counters)} from ${recordset(records)} as r(${sql.join(columns)})
        on conflict (${sql.join(keys)}, shard) do update set
          ${sql.join(table.counters.map((name) => sql`${sql.ref(name)} = t.${sql.ref(name)} + excluded.${sql.ref(name)}`))}
        returning ${sql.join(keys)}, ${sql.join(
          table.counters.map((name) => sql`${sql.ref(name)} = 0`),
          sql` and `,
        )} as empty`.execute(trx);
      // A row back at zero is deleted, so the rows are the same however the events were batched.
      const empty = emptied.filter((row) => row.empty);
      if (empty.length === 0) continue;
      await sql`
        delete from ${sql.table(table.name)} t using ${recordset(empty)} as r(${sql.join(columns.slice(0, table.keys.length))})
        where t.shard = ${shard} and ${sql.join(
          table.keys.map(([name]) => sql`t.${sql.ref(name)} is not distinct from r.${sql.ref(name)}`),
          sql` and `,
        )} and ${sql.join(
          table.counters.map((name) => sql`t.${sql.ref(name)} = 0`),
          sql` and `,
        )}`.execute(trx);
    }
  }
}
