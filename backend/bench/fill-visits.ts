/**
 * Visits written set-based in SQL for the benches (sessions of 3 page views, the first on the home page,
 * two sessions a visitor, spread over the 60 days before now), and the rollups brought up to date by the
 * visits projection's own code (updateRollups, 5,000 sessions at a time) as its batches would.
 */
import { sql } from 'kysely';
import { updateRollups } from '../src/analytics/projections/rollups.js';
import type { Db } from '../src/shared/db/tables.js';

export const PAGES_PER_SESSION = 3;
export const ROLLUP_CHUNK = 5_000;

/** Sessions [from, to) and their page views, set-based; session i belongs to visitor i / 2. */
export async function fill(db: Db, from: number, to: number): Promise<void> {
  await sql`
    insert into user_sessions (session_id, visitor_id, start_time, end_time, time_on_site, pages_viewed, landing_url,
      parsed_referrer, traffic_type, utm_source, utm_medium, utm_campaign)
    select md5('s' || i)::uuid, case when i % 10 = 0 then null else md5('v' || (i / 2))::uuid end,
      t, t + interval '90 seconds', 90, ${PAGES_PER_SESSION}, 'https://unsheet.test/',
      (array[null, 'google.com', 'news.example', 't.co', 'reddit.com'])[1 + i % 5],
      (array['direct', 'search', 'referral', 'social', 'social'])[1 + i % 5],
      case when i % 7 = 0 then (array['news', 'ads', 'partner'])[1 + i % 3] end,
      case when i % 7 = 0 then (array['email', 'cpc', null])[1 + i % 3] end,
      case when i % 7 = 0 then 'campaign-' || (i % 11) end
    from generate_series(${from}::int, ${to - 1}::int) i,
      lateral (select now() - interval '60 days' * ((i * 0.618033988749895) % 1) as t) start`.execute(db);
  await sql`
    insert into page_views (page_view_id, session_id, page_url, page_path, page_title, potential_keywords, time_on_page,
      timestamp, created_at)
    select md5('p' || i || '-' || k)::uuid, s.session_id, 'https://unsheet.test' || path, path, path, '[]'::jsonb, 20,
      s.start_time + k * interval '30 seconds', now()
    from generate_series(${from}::int, ${to - 1}::int) i
    join user_sessions s on s.session_id = md5('s' || i)::uuid,
      generate_series(0, ${PAGES_PER_SESSION - 1}::int) k,
      lateral (select case when k = 0 then '/' else '/apps/app-' || (i % 50) end as path) p`.execute(db);
}

/** The rollups of sessions [from, to), as the projection's batches update them. */
export async function rollUp(db: Db, from: number, to: number): Promise<void> {
  for (let first = from; first < to; first += ROLLUP_CHUNK) {
    const last = Math.min(first + ROLLUP_CHUNK, to);
    await db.transaction().execute(async (trx) => {
      const { rows: sessions } = await sql<{ session_id: string }>`
        select md5('s' || i)::uuid as session_id from generate_series(${first}::int, ${last - 1}::int) i`.execute(trx);
      const sessionIds = sessions.map((row) => row.session_id);
      const { rows: pageViews } = await sql<{ timestamp: string; page_path: string }>`
        select to_json(timestamp)#>>'{}' as timestamp, page_path from page_views
        where session_id = any(${sessionIds}::uuid[])`.execute(trx);
      await updateRollups(trx, { sessionIds, pageViews, interactions: [] }, 0);
    });
  }
}
