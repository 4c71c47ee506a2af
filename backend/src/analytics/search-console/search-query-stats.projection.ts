/** Search Console rows per period and query; a later recording of the same period and query replaces the earlier one. */
import { sql } from 'kysely';
import type { Projection } from '../../shared/projections/projection.js';
import type { SearchQueryRow, SearchQueryStatsRecorded } from './search-query.events.js';

export const searchQueryStatsProjection: Projection<SearchQueryStatsRecorded> = {
  name: 'search-query-stats',
  mode: 'async',
  handles: ['SearchQueryStatsRecorded'],
  tables: ['search_query_stats'],
  async handle(trx, events) {
    // One upsert cannot touch a row twice: the last recording of a (period, query) in the batch wins.
    const latest = new Map<string, SearchQueryRow & { source: string }>();
    for (const { data } of events) {
      for (const row of data.rows) latest.set(JSON.stringify([row.startDate, row.endDate, row.query]), { ...row, source: data.source });
    }
    const rows = [...latest.values()];
    for (let i = 0; i < rows.length; i += 1000) {
      await trx
        .insertInto('search_query_stats')
        .values(
          rows.slice(i, i + 1000).map((row) => ({
            start_date: row.startDate,
            end_date: row.endDate,
            query: row.query,
            clicks: row.clicks,
            impressions: row.impressions,
            position: row.position,
            source: row.source,
          })),
        )
        .onConflict((oc) =>
          oc.columns(['start_date', 'end_date', 'query']).doUpdateSet({
            clicks: sql`excluded.clicks`,
            impressions: sql`excluded.impressions`,
            position: sql`excluded.position`,
            source: sql`excluded.source`,
          }),
        )
        .execute();
    }
  },
};
