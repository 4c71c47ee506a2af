import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../shared/db/tables.js';
import type { SessionTiming } from './session-duration.js';
import { interactionRow, pageKey } from './visit-figures.js';

export interface SessionTimingRow extends SessionTiming {
  sessionId: string;
  pages: number;
  /** App interactions the visitor made (visit-figures.ts). */
  interactions: number;
  /** The keys of the first and last page views' paths (pageKey); null without page views. */
  entryKey: number | null;
  exitKey: number | null;
}

/**
 * The sessions `where` picks from user_sessions, each with its pages viewed, its interactions, its entry and
 * exit pages and the inputs of its duration (the rule is sessionDuration's): what the engagement card's raw
 * read and the rollups both start from.
 */
export async function sessionTimings(db: Db, where: RawBuilder<unknown>): Promise<SessionTimingRow[]> {
  const { rows } = await sql<{
    session_id: string;
    pages: number;
    first_at: number;
    last_at: number;
    page_at: number | null;
    page_seconds: number | null;
    interactions: number;
    entry_key: number | null;
    exit_key: number | null;
  }>`
    with s as (select session_id, start_time, end_time, pages_viewed from user_sessions where ${where}),
    events as (
      select session_id, min(timestamp) as first_at, max(timestamp) as last_at from page_views
      where session_id in (select session_id from s) group by session_id
      union all
      select session_id, min(timestamp), max(timestamp) from app_interactions
      where session_id in (select session_id from s) group by session_id),
    made as (
      select session_id, count(*)::int as n from app_interactions
      where session_id in (select session_id from s) and ${interactionRow} group by session_id),
    first_page as (
      select distinct on (session_id) session_id, page_path from page_views
      where session_id in (select session_id from s) order by session_id, timestamp, page_view_id),
    last_page as (
      select distinct on (session_id) session_id, timestamp, time_on_page, page_path from page_views
      where session_id in (select session_id from s) order by session_id, timestamp desc, page_view_id desc)
    select s.session_id, s.pages_viewed as pages, coalesce(m.n, 0) as interactions,
           ${pageKey(sql`fp.page_path`)} as entry_key, ${pageKey(sql`lp.page_path`)} as exit_key,
           extract(epoch from least(s.start_time, min(e.first_at)))::float8 * 1000 as first_at,
           extract(epoch from greatest(s.start_time, s.end_time, max(e.last_at)))::float8 * 1000 as last_at,
           extract(epoch from lp.timestamp)::float8 * 1000 as page_at, lp.time_on_page as page_seconds
    from s left join events e on e.session_id = s.session_id left join last_page lp on lp.session_id = s.session_id
    left join first_page fp on fp.session_id = s.session_id left join made m on m.session_id = s.session_id
    group by s.session_id, s.start_time, s.end_time, s.pages_viewed, lp.timestamp, lp.time_on_page, lp.page_path, fp.page_path, m.n`.execute(
    db,
  );
  return rows.map((row) => ({
    sessionId: row.session_id,
    pages: row.pages,
    interactions: row.interactions,
    entryKey: row.entry_key,
    exitKey: row.exit_key,
    firstEventAt: row.first_at,
    lastEventAt: row.last_at,
    lastPage: row.page_at === null ? null : { viewedAt: row.page_at, seconds: row.page_seconds },
  }));
}
