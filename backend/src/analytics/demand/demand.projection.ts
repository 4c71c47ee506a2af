/**
 * The demand signals' read models (docs/demand-signals.md), asynchronously: searches from the site's search
 * box, suggestions, quiz results with the recommender's score, missing /app/ and /c/ pages, visits of
 * category pages, and the admin's merges, splits and marks. Each new core wording is looked up once among
 * the cores seen before it (pg_trgm's nearest-neighbour order, through its GiST index) and its few most
 * similar neighbours are kept, so that grouping a range at read time only joins pairs already found.
 *
 * What one batch costs is bounded by its size, whatever its events say: a session brings at most
 * SEARCHES_PER_SESSION searches, and a new core at most NEIGHBOURS_KEPT pairs, found by reading NEAREST_READ
 * entries of an index that near-duplicates of many stay out of (DUPLICATE_SIMILARITY).
 *
 * Bots are left out: the reads leave out the searches and category visits of sessions the visits projection
 * classified as anything but a person (metrics/counted.ts), and a PageNotFound says whether its request was a
 * bot's. A bot's searches are bounded as a person's are. Deterministic: a rebuild replays the same events in
 * the same order.
 */
import { sql } from 'kysely';
import type { Trx } from '../../shared/db/tables.js';
import type { RecordedEvent } from '../../shared/event-store/events.js';
import type { Projection } from '../../shared/projections/projection.js';
import type { QuizCompleted } from '../../early-access/quiz/quiz.events.js';
import type { SuggestionSubmitted } from '../../feedback/feedback.events.js';
import type { PageNotFound } from '../../site/not-found.events.js';
import type { AnalyticsPageViewed, AnalyticsSearchPerformed } from '../analytics.events.js';
import { pagePath } from '../collect/enrich.js';
import type { DemandDecision } from './demand.events.js';
import { coreOf, wordingOf } from './wording.js';

/** Two cores at least this similar (pg_trgm's similarity) are one need; chosen on the fixed set of demand.int-spec.ts. */
export const SIMILARITY_THRESHOLD = 0.25;
/**
 * How many of the cores seen before it a new core is paired with: its most similar ones. The read links each
 * core to its NEIGHBOURS (3) most similar of the range, either side of a pair keeping it; a core's close
 * look-alike that has more than this many closer earlier cores of its own is not paired with it. 20 gives the
 * same groups as pairing every similar core on the fixed set of demand.int-spec.ts and on the year of
 * `npm run bench:demand` (with 10 its 23 groups come out as 25). Pairs stay at most NEIGHBOURS_KEPT × cores,
 * however many cores look alike.
 */
export const NEIGHBOURS_KEPT = 20;
/**
 * How many entries of the GiST index, nearest first, a new core reads to choose its NEIGHBOURS_KEPT among
 * (most similar first, then by core). More than NEIGHBOURS_KEPT so that cores at the same distance are
 * chosen by their wording rather than by where the index holds them, as long as they fit.
 */
export const NEAREST_READ = 2 * NEIGHBOURS_KEPT;
/**
 * A new core this similar (or more) to NEIGHBOURS_KEPT of its nearest is a near-duplicate of many ("… payments
 * 1a", "… payments 1b", …): it is paired as any core, but later cores do not look it up, since its look-alikes
 * stand for it. A run of near-identical cores would otherwise grow one dense cluster in the index, where a
 * nearest-first search has to read most of the cluster before it knows which entries are nearest (25 ms a
 * core at 50,000, 0.7 ms at 1,000); people's wordings of one need are rarely that alike, and that many.
 */
export const DUPLICATE_SIMILARITY = 0.8;
/**
 * How many searches one session (one tracker session id, one visit) brings to the signals. A person settles
 * on a few queries per visit (a search counts once it stays on screen 1.5 s); a session's searches past
 * this many are not recorded, and so bring no count and no core. Counted from the rows recorded, in log
 * order, so a rebuild keeps the same ones.
 */
export const SEARCHES_PER_SESSION = 30;

type DemandEvent = AnalyticsSearchPerformed | AnalyticsPageViewed | SuggestionSubmitted | QuizCompleted | PageNotFound | DemandDecision;
type Recorded = RecordedEvent<DemandEvent>;

const recordset = (rows: readonly object[]) => sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)`;

export const demandProjection: Projection<DemandEvent> = {
  name: 'analytics-demand',
  mode: 'async',
  handles: [
    'AnalyticsSearchPerformed',
    'AnalyticsPageViewed',
    'SuggestionSubmitted',
    'QuizCompleted',
    'PageNotFound',
    'DemandGroupsMerged',
    'DemandWordingSplit',
    'DemandGroupMarked',
  ],
  tables: [
    'demand_searches',
    'demand_suggestions',
    'demand_cores',
    'demand_similar',
    'demand_links',
    'demand_core_marks',
    'demand_quiz_matches',
    'demand_missing_pages',
    'demand_category_visits',
  ],
  async handle(trx, events) {
    const of = <T extends DemandEvent['type']>(type: T) =>
      events.filter((event): event is RecordedEvent<Extract<DemandEvent, { type: T }>> => event.type === type);
    // Signals first, then the cores they bring, then the admin's decisions in their order.
    const searches = await recordSearches(trx, of('AnalyticsSearchPerformed'));
    await recordSuggestions(trx, of('SuggestionSubmitted'));
    await recordQuizMatches(trx, of('QuizCompleted'));
    await recordMissingPages(trx, of('PageNotFound'));
    await recordCategoryVisits(trx, of('AnalyticsPageViewed'));
    await addCores(
      trx,
      events.filter((event) => event.type !== 'AnalyticsSearchPerformed' || searches.has(event)),
    );
    for (const event of events) await decide(trx, event);
  },
};

/**
 * Records the batch's searches within each session's SEARCHES_PER_SESSION, one row per search id as its first
 * event says (a later event of the same search only marks a result opened); returns the events that made a
 * new row, the only ones whose wording brings a core. A client repeating one search id with other words
 * keeps one wording, not a core for each.
 */
async function recordSearches(
  trx: Trx,
  events: RecordedEvent<AnalyticsSearchPerformed>[],
): Promise<Set<RecordedEvent<AnalyticsSearchPerformed>>> {
  const kept = await withinSessionCap(trx, events);
  if (kept.size === 0) return kept;
  const bySearch = new Map<string, { event: RecordedEvent<AnalyticsSearchPerformed>; row: { opened: boolean } & object }>();
  for (const event of kept) {
    const { data } = event;
    const known = bySearch.get(data.searchId);
    if (known) {
      known.row.opened ||= data.opened;
      continue;
    }
    const wording = wordingOf(data.query);
    const row = {
      search_id: data.searchId,
      session_id: data.sessionId,
      wording,
      core: coreOf(wording),
      results: data.results,
      opened: data.opened,
      at: data.at,
    };
    bySearch.set(data.searchId, { event, row });
  }
  // xmax is 0 on a row this statement inserted, and set on one it updated.
  const { rows } = await sql<{ search_id: string; inserted: boolean }>`
    insert into demand_searches (search_id, session_id, wording, core, results, opened, at)
    select * from ${recordset([...bySearch.values()].map(({ row }) => row))}
      as r(search_id uuid, session_id uuid, wording text, core text, results integer, opened boolean, at timestamptz)
    on conflict (search_id) do update set opened = demand_searches.opened or excluded.opened
    returning search_id, xmax = 0 as inserted`.execute(trx);
  return new Set(rows.filter((row) => row.inserted).map((row) => bySearch.get(row.search_id)!.event));
}

/**
 * The events of searches already recorded, and of new searches while their session has fewer than
 * SEARCHES_PER_SESSION recorded, in log order: the same ones however the log is cut into batches.
 */
async function withinSessionCap(
  trx: Trx,
  events: RecordedEvent<AnalyticsSearchPerformed>[],
): Promise<Set<RecordedEvent<AnalyticsSearchPerformed>>> {
  if (events.length === 0) return new Set();
  const bySession = new Map<string, Set<string>>();
  for (const { data } of events) bySession.set(data.sessionId, (bySession.get(data.sessionId) ?? new Set()).add(data.searchId));
  const { rows: counts } = await sql<{ session_id: string; searches: number }>`
    select session_id, count(*)::int as searches from demand_searches
    where session_id = any(${[...bySession.keys()]}::uuid[]) group by session_id`.execute(trx);
  const perSession = new Map(counts.map((row) => [row.session_id, row.searches]));
  // Which searches are recorded already only matters for a session the batch could take past the cap.
  const crowded = [...bySession].filter(([session, ids]) => (perSession.get(session) ?? 0) + ids.size > SEARCHES_PER_SESSION);
  const { rows: known } =
    crowded.length === 0
      ? { rows: [] }
      : await sql<{ search_id: string }>`
          select search_id from demand_searches
          where search_id = any(${crowded.flatMap(([, ids]) => [...ids])}::uuid[])`.execute(trx);
  const recorded = new Set(known.map((row) => row.search_id));
  const kept = new Set<RecordedEvent<AnalyticsSearchPerformed>>();
  for (const event of events) {
    const { searchId, sessionId } = event.data;
    if (!recorded.has(searchId)) {
      const searches = perSession.get(sessionId) ?? 0;
      if (searches >= SEARCHES_PER_SESSION) continue;
      perSession.set(sessionId, searches + 1);
      recorded.add(searchId);
    }
    kept.add(event);
  }
  return kept;
}

async function recordSuggestions(trx: Trx, events: RecordedEvent<SuggestionSubmitted>[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.map(({ data, createdAt }) => {
    const wording = wordingOf(data.text);
    return {
      suggestion_id: data.suggestionId,
      search_id: data.searchId ?? null,
      wording,
      core: coreOf(wording),
      category: data.category,
      at: createdAt,
    };
  });
  await sql`
    insert into demand_suggestions (suggestion_id, search_id, wording, core, category, at)
    select * from ${recordset(rows)}
      as r(suggestion_id uuid, search_id uuid, wording text, core text, category text, at timestamptz)
    on conflict (suggestion_id) do nothing`.execute(trx);
}

async function recordQuizMatches(trx: Trx, events: RecordedEvent<QuizCompleted>[]): Promise<void> {
  // Results from before the score was recorded, or with nothing to recommend, say nothing of the fit.
  const rows = events
    .filter(({ data }) => typeof data.matchScore === 'number')
    .map(({ data, createdAt }) => ({
      quiz_result_id: data.quizResultId,
      answers: data.answers.map((answer) => answer.answer),
      recommended_app: data.recommendedApp,
      score: data.matchScore,
      at: createdAt,
    }));
  if (rows.length === 0) return;
  await sql`
    insert into demand_quiz_matches (quiz_result_id, answers, recommended_app, score, at)
    select * from ${recordset(rows)}
      as r(quiz_result_id uuid, answers jsonb, recommended_app text, score integer, at timestamptz)
    on conflict (quiz_result_id) do nothing`.execute(trx);
}

/** `/app/<slug>` or `/c/<slug>`: the pages a visitor expected a tool or a category behind. */
export const DEAD_END_PATH = /^\/(?:app|c)\/[^/]+$/;

async function recordMissingPages(trx: Trx, events: RecordedEvent<PageNotFound>[]): Promise<void> {
  const hits = new Map<string, { path: string; day: string; hits: number }>();
  for (const { data, createdAt } of events) {
    if (data.bot === true || !DEAD_END_PATH.test(data.path)) continue;
    const day = new Date(createdAt).toISOString().slice(0, 10);
    const key = `${day} ${data.path}`;
    const row = hits.get(key) ?? { path: data.path, day, hits: 0 };
    row.hits += 1;
    hits.set(key, row);
  }
  if (hits.size === 0) return;
  await sql`
    insert into demand_missing_pages (path, day, hits)
    select * from ${recordset([...hits.values()])} as r(path text, day date, hits integer)
    on conflict (path, day) do update set hits = demand_missing_pages.hits + excluded.hits`.execute(trx);
}

const CATEGORY_PAGE = /^\/c\/([^/]+)$/;

async function recordCategoryVisits(trx: Trx, events: RecordedEvent<AnalyticsPageViewed>[]): Promise<void> {
  const rows = events.flatMap(({ data }) => {
    const slug = CATEGORY_PAGE.exec(pagePath(data.url))?.[1];
    return slug ? [{ slug: decodeSlug(slug), day: data.at.slice(0, 10), session_id: data.sessionId }] : [];
  });
  if (rows.length === 0) return;
  await sql`
    insert into demand_category_visits (slug, day, session_id)
    select distinct * from ${recordset(rows)} as r(slug text, day date, session_id uuid)
    on conflict do nothing`.execute(trx);
}

function decodeSlug(slug: string): string {
  try {
    return decodeURIComponent(slug).slice(0, 200);
  } catch {
    return slug.slice(0, 200);
  }
}

/**
 * The cores this batch brought that were never seen, one after the other in log order, each paired with its
 * NEIGHBOURS_KEPT most similar cores among the indexed ones seen before it (at SIMILARITY_THRESHOLD or more).
 * pg_trgm's `<->` (1 - similarity) in the GiST index's nearest-first order reads NEAREST_READ entries; the
 * core goes in with the same statement (indexed unless a near-duplicate of many, see DUPLICATE_SIMILARITY),
 * so it is not among its own candidates, and a core sees the same earlier cores whether the log comes in one
 * batch or many.
 */
async function addCores(trx: Trx, events: readonly Recorded[]): Promise<void> {
  const cores = new Set<string>();
  for (const event of events) {
    if (event.type === 'AnalyticsSearchPerformed') cores.add(coreOf(wordingOf(event.data.query)));
    if (event.type === 'SuggestionSubmitted') cores.add(coreOf(wordingOf(event.data.text)));
  }
  if (cores.size === 0) return;
  const { rows: seen } = await sql<{ core: string }>`
    select core from demand_cores where core = any(${[...cores]}::text[])`.execute(trx);
  for (const core of seen) cores.delete(core.core);
  for (const core of cores) {
    await sql`
      with nearest as (
        select c.core, similarity(c.core, ${core}) as similarity
        from demand_cores c where c.indexed order by c.core <-> ${core} limit ${NEAREST_READ}
      ), added as (
        insert into demand_cores (core, indexed)
        select ${core}, count(*) filter (where similarity >= ${DUPLICATE_SIMILARITY}) < ${NEIGHBOURS_KEPT} from nearest
      )
      insert into demand_similar (a, b, similarity)
      select least(core, ${core}), greatest(core, ${core}), similarity from nearest
      where similarity >= ${SIMILARITY_THRESHOLD}
      order by similarity desc, core limit ${NEIGHBOURS_KEPT}
      on conflict do nothing`.execute(trx);
    // Embedded, PGlite answers in this thread without giving the event loop a turn: let it answer between cores.
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function decide(trx: Trx, event: Recorded): Promise<void> {
  switch (event.type) {
    case 'DemandGroupsMerged': {
      const [a, b] = [event.data.a, event.data.b].sort();
      await sql`insert into demand_links (a, b) values (${a}, ${b}) on conflict do nothing`.execute(trx);
      return;
    }
    case 'DemandWordingSplit':
      await sql`delete from demand_links where a = ${event.data.core} or b = ${event.data.core}`.execute(trx);
      await sql`
        insert into demand_core_marks (core, split) values (${event.data.core}, true)
        on conflict (core) do update set split = true`.execute(trx);
      return;
    case 'DemandGroupMarked': {
      const rows = [...new Set(event.data.cores)].map((core) => ({
        core,
        status: event.data.status,
        app_slug: event.data.appSlug,
        marked_at: event.createdAt,
      }));
      await sql`
        insert into demand_core_marks (core, status, app_slug, marked_at)
        select * from ${recordset(rows)} as r(core text, status text, app_slug text, marked_at timestamptz)
        on conflict (core) do update set status = excluded.status, app_slug = excluded.app_slug, marked_at = excluded.marked_at`.execute(
        trx,
      );
      return;
    }
    default:
      return;
  }
}
