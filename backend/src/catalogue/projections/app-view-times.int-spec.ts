/**
 * When each counted app view happened: the projection takes it from the view's AppViewed event (for the
 * older events counted once per session, the session's first), and the migration that added the column
 * filled the views counted before from the log.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../../../migrations/2026-11-26-26-app-view-times.js';
import * as countedAppViews from '../../../../migrations/2026-11-27-34-counted-app-views.js';
import type { RecordedEvent } from '../../shared/event-store/events.js';
import { createTestDatabase, type TestDatabase } from '../../shared/testing/test-database.js';
import type { AppViewed } from '../app/app.events.js';
import { appViewsProjection } from './app-views.projection.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

const db = () => testDb.handle.db;
const APP = randomUUID();
const T1 = new Date('2026-11-20T10:00:00.000Z');
const T2 = new Date('2026-11-21T10:00:00.000Z');

function viewed(sessionId: string, createdAt: Date, position: number, viewId?: string): RecordedEvent<AppViewed> {
  return {
    type: 'AppViewed',
    data: { appId: APP, sessionId, ...(viewId && { viewId }) },
    globalPosition: position,
    streamId: `app-views-${APP}`,
    streamVersion: null,
    metadata: {},
    transactionId: String(position),
    createdAt,
  };
}

const times = async () =>
  (
    await db().selectFrom('counted_app_views').select(['view_id', 'viewed_at']).where('app_id', '=', APP).orderBy('viewed_at').execute()
  ).map((row) => [row.view_id, row.viewed_at.toISOString()]);

describe('app view times', () => {
  it('are each view’s event time, the same view again changing nothing', async () => {
    const session = randomUUID();
    const [first, second] = [randomUUID(), randomUUID()];
    await db()
      .transaction()
      .execute((trx) => appViewsProjection.handle(trx, [viewed(session, T1, 1, first), viewed(session, T2, 2, second)], { partition: 0 }));
    await db()
      .transaction()
      .execute((trx) => appViewsProjection.handle(trx, [viewed(session, T2, 3, first)], { partition: 0 }));
    expect(await times()).toEqual([
      [first, T1.toISOString()],
      [second, T2.toISOString()],
    ]);
    await sql`delete from counted_app_views`.execute(db());
  });

  it('are, for the views of older events (counted once per session), the session’s first view’s time', async () => {
    const session = randomUUID();
    await db()
      .transaction()
      .execute((trx) => appViewsProjection.handle(trx, [viewed(session, T1, 1), viewed(session, T2, 2)], { partition: 0 }));
    await db()
      .transaction()
      .execute((trx) => appViewsProjection.handle(trx, [viewed(session, T2, 3)], { partition: 0 }));
    expect(await times()).toEqual([[session, T1.toISOString()]]);
  });

  it('are filled from the log for the views counted before they were recorded', async () => {
    const [logged, unlogged] = [randomUUID(), randomUUID()];
    await countedAppViews.down(db());
    await down(db());
    await sql`delete from app_view_sessions`.execute(db());
    await sql`insert into app_view_sessions (app_id, session_id) values (${APP}, ${logged}), (${APP}, ${unlogged})`.execute(db());
    for (const at of [T2, T1]) {
      await sql`insert into events (stream_id, type, data, created_at)
        values (${`app-views-${APP}`}, 'AppViewed', ${JSON.stringify({ appId: APP, sessionId: logged })}::jsonb, ${at})`.execute(db());
    }
    await up(db());
    await countedAppViews.up(db());
    const rows = await sql<{ view_id: string; viewed_at: string }>`
      select view_id, viewed_at::text from counted_app_views where app_id = ${APP}`.execute(db());
    expect(Object.fromEntries(rows.rows.map((row) => [row.view_id, row.viewed_at]))).toEqual({
      [logged]: '2026-11-20 10:00:00+00',
      // A pair whose event is not in the log counts before every range.
      [unlogged]: '-infinity',
    });
  });
});
