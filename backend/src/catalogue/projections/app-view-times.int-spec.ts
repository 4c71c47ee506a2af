/**
 * When each counted app view happened: the projection takes it from the first AppViewed event of the pair,
 * and the migration that added the column filled the pairs counted before from the log.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { down, up } from '../../../../migrations/2026-11-26-26-app-view-times.js';
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

function viewed(sessionId: string, createdAt: Date, position: number): RecordedEvent<AppViewed> {
  return {
    type: 'AppViewed',
    data: { appId: APP, sessionId },
    globalPosition: position,
    streamId: `app-views-${APP}`,
    streamVersion: null,
    metadata: {},
    transactionId: String(position),
    createdAt,
  };
}

const times = async () =>
  (await db().selectFrom('app_view_sessions').select(['session_id', 'viewed_at']).where('app_id', '=', APP).execute()).map((row) => [
    row.session_id,
    row.viewed_at.toISOString(),
  ]);

describe('app view times', () => {
  it('are the first view’s event time, a later view of the same session changing nothing', async () => {
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
    await down(db());
    await sql`delete from app_view_sessions`.execute(db());
    await sql`insert into app_view_sessions (app_id, session_id) values (${APP}, ${logged}), (${APP}, ${unlogged})`.execute(db());
    for (const at of [T2, T1]) {
      await sql`insert into events (stream_id, type, data, created_at)
        values (${`app-views-${APP}`}, 'AppViewed', ${JSON.stringify({ appId: APP, sessionId: logged })}::jsonb, ${at})`.execute(db());
    }
    await up(db());
    const rows = await sql<{ session_id: string; viewed_at: string }>`
      select session_id, viewed_at::text from app_view_sessions where app_id = ${APP}`.execute(db());
    expect(Object.fromEntries(rows.rows.map((row) => [row.session_id, row.viewed_at]))).toEqual({
      [logged]: '2026-11-20 10:00:00+00',
      // A pair whose event is not in the log counts before every range.
      [unlogged]: '-infinity',
    });
  });
});
