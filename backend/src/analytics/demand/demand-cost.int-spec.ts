/**
 * What an anonymous client can make the demand projection do: 1,000 near-identical searches ("invoice
 * reconciliation quarterly vendor payments <n in base 36>", each a core of its own, all similar to each other)
 * in one projector batch, from 20 sessions, from one session and from 1,000 sessions. The rows the batch
 * writes and the time it takes are bounded by its size, not by how many similar cores it brings, and the
 * Demand tab reads the result within its budget.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '../../shared/event-store/events.js';
import { ProjectionSpecification } from '../../shared/testing/projection-spec.js';
import { createTestDatabase, type TestDatabase } from '../../shared/testing/test-database.js';
import { toRange } from '../metrics/date-range.js';
import { nearIdenticalSearches } from '../testing/near-identical-searches.js';
import { NEIGHBOURS_KEPT, SEARCHES_PER_SESSION, demandProjection } from './demand.projection.js';
import { readDemand, readNeeds } from './read-demand.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

const spec = ProjectionSpecification.for<Event>(demandProjection as never, () => testDb.handle.db);
const db = () => testDb.handle.db;

const DAY = '2026-03-10';
const SEARCHES = 1000;

const attack = (sessions: number) => nearIdenticalSearches(SEARCHES, sessions, DAY);

const count = async (table: string) =>
  (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db())).rows[0]!.n;

describe('demand: the cost of 1,000 near-identical searches in one batch', () => {
  it.each([
    { sessions: 20, searches: 20 * SEARCHES_PER_SESSION },
    { sessions: 1, searches: SEARCHES_PER_SESSION },
    { sessions: SEARCHES, searches: SEARCHES },
  ])('from $sessions session(s): at most $searches searches kept, ≤ NEIGHBOURS_KEPT pairs per core', async ({ sessions, searches }) => {
    const started = performance.now();
    await spec.given(attack(sessions)).tables();
    const projectedMs = performance.now() - started;
    const [kept, cores, pairs] = [await count('demand_searches'), await count('demand_cores'), await count('demand_similar')];
    console.log(
      `${sessions} session(s): ${kept} searches, ${cores} cores, ${pairs} similar pairs, projected in ${projectedMs.toFixed(0)} ms`,
    );

    // A session brings at most SEARCHES_PER_SESSION searches, and so at most as many cores (a few searches
    // share a core: "… payments a" is "… payment", the "a" being filler).
    expect(kept).toBe(searches);
    expect(cores).toBeLessThanOrEqual(searches);
    // Each core, when added, keeps at most NEIGHBOURS_KEPT pairs with the cores seen before it; every core
    // of the cluster has neighbours, so the bound is all but reached.
    expect(pairs).toBeLessThanOrEqual(NEIGHBOURS_KEPT * cores);
    expect(pairs).toBeGreaterThan((NEIGHBOURS_KEPT - 1) * (cores - NEIGHBOURS_KEPT));
    // Once NEIGHBOURS_KEPT near-duplicates are indexed, the next ones are not: later cores read the same few.
    const indexed = (await sql<{ n: number }>`select count(*)::int as n from demand_cores where indexed`.execute(db())).rows[0]!.n;
    expect(indexed).toBeLessThanOrEqual(2 * NEIGHBOURS_KEPT);
    // Generous, the rows read back by tables() included: keeping every similar pair took 40 s here.
    expect(projectedMs).toBeLessThan(10_000);

    const readStarted = performance.now();
    const report = await readDemand(db(), toRange(DAY, DAY), []);
    const readMs = performance.now() - readStarted;
    console.log(`${sessions} session(s): Demand read in ${readMs.toFixed(0)} ms, ${report.needs.length} need(s)`);
    expect(readMs).toBeLessThan(500);
    // Near-identical wordings still make one need.
    expect(report.needs).toHaveLength(1);
    expect(report.needs[0]!.searches).toBe(searches);
  });
});

describe('demand: the bounds replay the same', () => {
  const chunks = <T>(list: T[], size: number) =>
    Array.from({ length: Math.ceil(list.length / size) }, (_, index) => list.slice(index * size, (index + 1) * size));

  it('keeps the same searches, cores, similarities and groups whether the log comes in one batch or in many', async () => {
    const events = attack(4).slice(0, 200);
    const asRead = async (batches: (typeof events)[]) => {
      const tables = await spec.given(...batches).tables();
      return { tables, needs: await readNeeds(db(), toRange(DAY, DAY)) };
    };
    const whole = await asRead([events]);
    const cut = await asRead(chunks(events, 7));
    expect(whole.tables['demand_searches']).toHaveLength(4 * SEARCHES_PER_SESSION);
    expect(cut.tables['demand_searches']).toEqual(whole.tables['demand_searches']);
    expect(cut.tables['demand_cores']).toEqual(whole.tables['demand_cores']);
    expect(cut.needs).toEqual(whole.needs);
    // Each core's similarities to its nearest are the same; which of several equally near cores it is paired
    // with is the index's choice when more of them tie than NEAREST_READ holds (as here).
    const similarities = (tables: Record<string, Record<string, unknown>[]>) =>
      tables['demand_similar']!.map((row) => row['similarity'] as number).sort((a, b) => a - b);
    expect(similarities(cut.tables)).toEqual(similarities(whole.tables));
  });

  it('still records a kept search’s opened result past the cap, and nothing of a search past it', async () => {
    const events = attack(1).slice(0, SEARCHES_PER_SESSION + 1);
    const [first, over] = [events[0]!, events.at(-1)!];
    const opened = (event: typeof first) => ({ ...event, data: { ...event.data, opened: true } });
    await spec.given(events, [opened(first), opened(over)]).tables();
    const { rows } = await sql<{ search_id: string; opened: boolean }>`
      select search_id, opened from demand_searches where opened or search_id = ${over.data.searchId}`.execute(db());
    expect(rows).toEqual([{ search_id: first.data.searchId, opened: true }]);
  });
});

describe('demand: one search id repeated', () => {
  it('keeps one search and one core, its first wording, however many other wordings the id is sent with', async () => {
    const [first, ...rest] = attack(1).slice(0, 50);
    const searchId = first!.data.searchId;
    const repeated = [first!, ...rest.map((event) => ({ ...event, data: { ...event.data, searchId, query: `${randomUUID()} ledger` } }))];
    const tables = await spec.given(repeated.slice(0, 20), repeated.slice(20)).tables();
    expect(tables['demand_searches']!.map((row) => row['wording'])).toEqual([first!.data.query]);
    expect(tables['demand_cores']).toHaveLength(1);
  });
});
