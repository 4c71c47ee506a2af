/** Bot batches refused at ingest, counted per UTC day: the admin reads them at GET /api/admin/analytics/bots. */
import { sql } from 'kysely';
import type { Projection } from '../../shared/projections/projection.js';
import type { AnalyticsBotTrafficDropped } from '../analytics.events.js';

export const botDropsProjection: Projection<AnalyticsBotTrafficDropped> = {
  name: 'analytics-bots',
  mode: 'async',
  handles: ['AnalyticsBotTrafficDropped'],
  tables: ['analytics_bot_drops'],
  async handle(trx, events) {
    const perDay = new Map<string, { day: string; batches: number; events: number }>();
    for (const { data } of events) {
      const day = data.at.slice(0, 10);
      const row = perDay.get(day) ?? { day, batches: 0, events: 0 };
      row.batches += 1;
      row.events += data.events;
      perDay.set(day, row);
    }
    await trx
      .insertInto('analytics_bot_drops')
      .values([...perDay.values()])
      .onConflict((oc) =>
        oc.column('day').doUpdateSet({
          batches: sql`analytics_bot_drops.batches + excluded.batches`,
          events: sql`analytics_bot_drops.events + excluded.events`,
        }),
      )
      .execute();
  },
};
