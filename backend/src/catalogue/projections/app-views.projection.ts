/**
 * Counts AppViewed events per app, asynchronously: one upsert per app per batch, so a burst of views costs
 * a handful of writes, and concurrent views are never lost (they are events, not read-then-increment).
 */
import { sql } from 'kysely';
import type { Projection } from '../../shared/projections/projection.js';
import type { AppViewed } from '../app/app.events.js';

export const appViewsProjection: Projection<AppViewed> = {
  name: 'app-views',
  mode: 'async',
  handles: ['AppViewed'],
  tables: ['app_views'],
  async handle(trx, events) {
    const perApp = new Map<string, number>();
    for (const event of events) perApp.set(event.data.appId, (perApp.get(event.data.appId) ?? 0) + 1);
    await trx
      .insertInto('app_views')
      .values([...perApp].map(([app_id, views]) => ({ app_id, views })))
      .onConflict((oc) => oc.column('app_id').doUpdateSet({ views: sql`app_views.views + excluded.views` }))
      .execute();
  },
};
