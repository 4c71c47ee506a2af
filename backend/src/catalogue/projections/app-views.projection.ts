/**
 * Counts AppViewed events per app, asynchronously: one upsert per app per batch, so a burst of views costs
 * a handful of writes, and concurrent views are never lost (they are events, not read-then-increment).
 * A session's views of one app count once: app_view_sessions remembers which (app, session) pairs have been
 * counted, and when (the first view's event time: the dashboard counts views in a range by it), and only a
 * pair newly inserted there adds a view. Events from before views carried their session
 * count one each.
 */
import { sql } from 'kysely';
import { withRows } from '../../shared/db/unnest.js';
import type { Projection } from '../../shared/projections/projection.js';
import type { AppViewed } from '../app/app.events.js';

export const appViewsProjection: Projection<AppViewed> = {
  name: 'app-views',
  mode: 'async',
  handles: ['AppViewed'],
  tables: ['app_views', 'app_view_sessions'],
  async handle(trx, events) {
    const perApp = new Map<string, number>();
    const count = (appId: string) => perApp.set(appId, (perApp.get(appId) ?? 0) + 1);
    const pairs = new Map<string, { app_id: string; session_id: string; viewed_at: Date }>();
    for (const { data, createdAt } of events) {
      const key = `${data.appId} ${data.sessionId}`;
      if (data.sessionId === undefined) count(data.appId);
      else if (!pairs.has(key)) pairs.set(key, { app_id: data.appId, session_id: data.sessionId, viewed_at: createdAt });
    }
    if (pairs.size > 0) {
      const firsts = await withRows(trx.insertInto('app_view_sessions'), [...pairs.values()], {
        app_id: 'uuid',
        session_id: 'uuid',
        viewed_at: 'timestamptz',
      })
        .onConflict((oc) => oc.doNothing())
        .returning('app_id')
        .execute();
      for (const { app_id } of firsts) count(app_id);
    }
    if (perApp.size === 0) return;
    await trx
      .insertInto('app_views')
      .values([...perApp].map(([app_id, views]) => ({ app_id, views })))
      .onConflict((oc) => oc.column('app_id').doUpdateSet({ views: sql`app_views.views + excluded.views` }))
      .execute();
  },
};
