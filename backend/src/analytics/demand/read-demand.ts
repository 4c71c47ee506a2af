/**
 * The Demand tab for a range of UTC days: the unmet needs (grouped, see group-needs.ts) with their trend
 * against the period of the same length just before, the weak quiz matches grouped by answers, and the
 * dead ends. All from the demand projection's tables; searches and category visits of sessions that do not
 * count (bots and other excluded traffic, metrics/counted.ts) are left out here, as the visits projection
 * classifies their sessions, so a rebuild of that projection with other rules moves them too.
 */
import { sql } from 'kysely';
import type { Category } from '../../../../contracts/catalogue/app.js';
import type { DeadEnds, DemandReport, DemandStatus, WeakQuizMatch } from '../../../../contracts/analytics/demand.js';
import { WEAK_MATCH_BELOW } from '../../early-access/quiz/quiz.events.js';
import type { Db } from '../../shared/db/tables.js';
import { previousRange, type DateRange } from '../metrics/date-range.js';
import { ofCountedSession } from '../metrics/counted.js';
import { groupCores, groupNeeds, type CoreMark, type WordingStats } from './group-needs.js';

const LISTED = 50;
/** How many of its most similar cores a core is linked to (see readNeeds). */
export const NEIGHBOURS = 3;

export async function readDemand(db: Db, range: DateRange, categories: readonly Category[]): Promise<DemandReport> {
  const previous = previousRange(range);
  const [needs, weakQuizMatches, deadEnds] = await Promise.all([
    readNeeds(db, range, previous),
    readWeakQuizMatches(db, range),
    readDeadEnds(db, range, categories),
  ]);
  return { from: range.from, to: range.to, previousFrom: previous.from, previousTo: previous.to, needs, weakQuizMatches, deadEnds };
}

export async function readNeeds(db: Db, range: DateRange, previous: DateRange = previousRange(range)): Promise<DemandReport['needs']> {
  // A search is an unmet need when the visitor opened none of its results; a suggestion always is one. A
  // suggestion made from a search is that search's visitor; any other counts as a visitor of its own.
  const signals = sql`
    select core, wording, at >= ${range.start} as current, session_id as visitor,
           1 as search, (results = 0)::int as zero, 0 as suggestion, null::text as category
    from demand_searches
    where at >= ${previous.start} and at < ${range.end} and not opened and ${ofCountedSession('demand_searches')}
    union all
    select g.core, g.wording, g.at >= ${range.start}, coalesce(s.session_id, g.suggestion_id), 0, 0, 1, g.category
    from demand_suggestions g left join demand_searches s on s.search_id = g.search_id
    where g.at >= ${previous.start} and g.at < ${range.end}`;
  const { rows: wordings } = await sql<WordingStats>`
    select core, wording,
           (count(*) filter (where current and search = 1))::int as searches,
           (count(*) filter (where current and zero = 1))::int as "zeroResultSearches",
           (count(*) filter (where current and suggestion = 1))::int as suggestions,
           (count(*) filter (where not current))::int as previous,
           coalesce(array_agg(category) filter (where current and category is not null), '{}') as categories
    from (${signals}) as signal group by core, wording`.execute(db);
  if (wordings.length === 0) return [];
  const cores = [...new Set(wordings.map((w) => w.core))];
  // Each core keeps its NEIGHBOURS most similar cores of the range (either side of a pair may keep it), so a
  // core with many loose look-alikes links to its closest ones only, which keeps unrelated needs from
  // chaining into one group.
  const [similar, links, marks] = await Promise.all([
    sql<{ a: string; b: string }>`
      with pairs as (
        select a, b, similarity from demand_similar where a = any(${cores}::text[]) and b = any(${cores}::text[])
      ), ranked as (
        select a, b, row_number() over (partition by a order by similarity desc, b) as rank
        from (select a, b, similarity from pairs union all select b, a, similarity from pairs) as both_ways
      )
      select distinct least(a, b) as a, greatest(a, b) as b from ranked where rank <= ${NEIGHBOURS}`.execute(db),
    sql<{ a: string; b: string }>`
      select a, b from demand_links where a = any(${cores}::text[]) and b = any(${cores}::text[])`.execute(db),
    sql<CoreMark>`
      select core, split, status, app_slug as "appSlug", marked_at as "markedAt"
      from demand_core_marks where core = any(${cores}::text[])`.execute(db),
  ]);
  const marked = marks.rows.map((m) => ({ ...m, status: m.status as DemandStatus | null, markedAt: m.markedAt && new Date(m.markedAt) }));
  const groupOf = groupCores({
    cores,
    similar: similar.rows.map((p) => [p.a, p.b] as const),
    links: links.rows.map((p) => [p.a, p.b] as const),
    marks: marked,
  });
  // Distinct visitors per group, counted where the signals are, once the groups are known.
  const { rows: visitors } = await sql<{ key: string; visitors: number }>`
    select g.key, count(distinct signal.visitor)::int as visitors
    from (${signals}) as signal
    join unnest(${[...groupOf.keys()]}::text[], ${[...groupOf.values()]}::text[]) as g(core, key) on g.core = signal.core
    where signal.current group by g.key`.execute(db);
  return groupNeeds(wordings, groupOf, marked, new Map(visitors.map((row) => [row.key, row.visitors])));
}

async function readWeakQuizMatches(db: Db, range: DateRange): Promise<WeakQuizMatch[]> {
  const { rows } = await sql<{ answers: string[]; count: number; apps: (string | null)[] }>`
    select answers, count(*)::int as count, array_agg(distinct recommended_app) as apps
    from demand_quiz_matches
    where at >= ${range.start} and at < ${range.end} and score < ${WEAK_MATCH_BELOW}
    group by answers order by count desc, answers::text limit ${LISTED}`.execute(db);
  return rows.map((row) => ({
    answers: row.answers,
    count: row.count,
    recommendedApps: row.apps.filter((app): app is string => app !== null),
  }));
}

async function readDeadEnds(db: Db, range: DateRange, categories: readonly Category[]): Promise<DeadEnds> {
  const [missing, visits] = await Promise.all([
    sql<{ path: string; hits: number }>`
      select path, sum(hits)::int as hits from demand_missing_pages
      where day between ${range.from}::date and ${range.to}::date
      group by path order by hits desc, path limit ${LISTED}`.execute(db),
    sql<{ slug: string; visits: number }>`
      select slug, count(distinct session_id)::int as visits from demand_category_visits
      where day between ${range.from}::date and ${range.to}::date and ${ofCountedSession('demand_category_visits')} group by slug`.execute(
      db,
    ),
  ]);
  const bySlug = new Map(categories.map((category) => [category.slug, category]));
  const thinCategories = visits.rows
    .flatMap(({ slug, visits }) => {
      const category = bySlug.get(slug);
      return category && category.count < 2 ? [{ slug, name: category.name, tools: category.count, visits }] : [];
    })
    .sort((a, b) => b.visits - a.visits || a.slug.localeCompare(b.slug));
  return { missingPages: missing.rows, thinCategories };
}
