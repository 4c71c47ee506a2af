/**
 * Counts AppViewed events per app, asynchronously: one upsert per app per batch, so a burst of views costs
 * a handful of writes, and concurrent views are never lost (they are events, not read-then-increment).
 * Every view counts once, by its own id: counted_app_views remembers the ids counted, and when (the event's
 * time: the dashboard counts views in a range by it), and only an id newly inserted there adds a view, so a
 * request retried with the same view id, or an event replayed, adds nothing. What bounds one client's views
 * is the command's (APP_VIEWS_PER_CLIENT_HOUR). Older events keep the count they were given: those that
 * carried a session but no view id counted once per app and session (the session's id is their key), those
 * from before views carried their session one each.
 */
import { sql } from 'kysely';
import { withRows } from '../../shared/db/unnest.js';
import type { Projection } from '../../shared/projections/projection.js';
import type { AppViewed } from '../app/app.events.js';

export const appViewsProjection: Projection<AppViewed> = {
  name: 'app-views',
  mode: 'async',
  handles: ['AppViewed'],
  tables: ['app_views', 'counted_app_views'],
  async handle(trx, events) {
    const perApp = new Map<string, number>();
    const count = (appId: string) => perApp.set(appId, (perApp.get(appId) ?? 0) + 1);
    const views = new Map<string, { app_id: string; view_id: string; viewed_at: Date }>();
    for (const { data, createdAt } of events) {
      const viewId = data.viewId ?? data.sessionId;
      const key = `${data.appId} ${viewId}`;
      if (viewId === undefined) count(data.appId);
      else if (!views.has(key)) views.set(key, { app_id: data.appId, view_id: viewId, viewed_at: createdAt });
    }
    if (views.size > 0) {
      const counted = await withRows(trx.insertInto('counted_app_views'), [...views.values()], {
        app_id: 'uuid',
        view_id: 'uuid',
        viewed_at: 'timestamptz',
      })
        .onConflict((oc) => oc.doNothing())
        .returning('app_id')
        .execute();
      for (const { app_id } of counted) count(app_id);
    }
    if (perApp.size === 0) return;
    await trx
      .insertInto('app_views')
      .values([...perApp].map(([app_id, views]) => ({ app_id, views })))
      .onConflict((oc) => oc.column('app_id').doUpdateSet({ views: sql`app_views.views + excluded.views` }))
      .execute();
  },
};
