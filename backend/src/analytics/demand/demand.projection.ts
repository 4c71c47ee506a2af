/**
 * The demand signals' read models (docs/demand-signals.md), asynchronously: searches from the site's search
 * box, suggestions, quiz results with the recommender's score, missing /app/ and /c/ pages, visits of
 * category pages, and the admin's merges, splits and marks. Each new core wording is looked up once among
 * all the cores seen before (pg_trgm, through its GIN index) and its similar neighbours are kept, so that
 * grouping a range at read time only joins pairs already found.
 *
 * Bots are left out: the tracker's batches from bots never reach the log, and a PageNotFound says whether
 * its request was a bot's. Deterministic: a rebuild replays the same events in the same order.
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
    await recordSearches(trx, of('AnalyticsSearchPerformed'));
    await recordSuggestions(trx, of('SuggestionSubmitted'));
    await recordQuizMatches(trx, of('QuizCompleted'));
    await recordMissingPages(trx, of('PageNotFound'));
    await recordCategoryVisits(trx, of('AnalyticsPageViewed'));
    await addCores(trx, events);
    for (const event of events) await decide(trx, event);
  },
};

async function recordSearches(trx: Trx, events: RecordedEvent<AnalyticsSearchPerformed>[]): Promise<void> {
  if (events.length === 0) return;
  // One row per search: a later event of the same search (a result opened) updates it.
  const bySearch = new Map<string, object>();
  for (const { data } of events) {
    const wording = wordingOf(data.query);
    const known = bySearch.get(data.searchId) as { opened: boolean } | undefined;
    bySearch.set(data.searchId, {
      search_id: data.searchId,
      session_id: data.sessionId,
      wording,
      core: coreOf(wording),
      results: data.results,
      opened: data.opened || (known?.opened ?? false),
      at: data.at,
    });
  }
  await sql`
    insert into demand_searches (search_id, session_id, wording, core, results, opened, at)
    select * from ${recordset([...bySearch.values()])}
      as r(search_id uuid, session_id uuid, wording text, core text, results integer, opened boolean, at timestamptz)
    on conflict (search_id) do update set opened = demand_searches.opened or excluded.opened`.execute(trx);
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

/** The cores this batch brought that were never seen, each joined to its similar neighbours among all cores. */
async function addCores(trx: Trx, events: readonly Recorded[]): Promise<void> {
  const cores = new Set<string>();
  for (const event of events) {
    if (event.type === 'AnalyticsSearchPerformed') cores.add(coreOf(wordingOf(event.data.query)));
    if (event.type === 'SuggestionSubmitted') cores.add(coreOf(wordingOf(event.data.text)));
  }
  if (cores.size === 0) return;
  const { rows: added } = await sql<{ core: string }>`
    insert into demand_cores (core) select unnest(${[...cores]}::text[]) on conflict do nothing returning core`.execute(trx);
  if (added.length === 0) return;
  // `%` is pg_trgm's "similar" operator, which the GIN index answers; its threshold lives for this transaction.
  await sql`select set_config('pg_trgm.similarity_threshold', ${String(SIMILARITY_THRESHOLD)}, true)`.execute(trx);
  await sql`
    insert into demand_similar (a, b, similarity)
    select least(n.core, c.core), greatest(n.core, c.core), similarity(n.core, c.core)
    from unnest(${added.map((row) => row.core)}::text[]) as n(core)
    join demand_cores c on c.core % n.core and c.core <> n.core
    on conflict do nothing`.execute(trx);
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
