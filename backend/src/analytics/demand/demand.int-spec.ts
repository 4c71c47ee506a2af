import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuizCompleted } from '../../early-access/quiz/quiz.events.js';
import type { SuggestionSubmitted } from '../../feedback/feedback.events.js';
import type { PageNotFound } from '../../site/not-found.events.js';
import type { Event } from '../../shared/event-store/events.js';
import { ProjectionSpecification } from '../../shared/testing/projection-spec.js';
import { createTestDatabase, type TestDatabase } from '../../shared/testing/test-database.js';
import type { AnalyticsPageViewed, AnalyticsSearchPerformed } from '../analytics.events.js';
import { toRange } from '../metrics/date-range.js';
import type { DemandGroupMarked, DemandGroupsMerged, DemandWordingSplit } from './demand.events.js';
import { demandProjection } from './demand.projection.js';
import { readDemand, readNeeds } from './read-demand.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(() => testDb.drop());

const spec = ProjectionSpecification.for<Event>(demandProjection as never, () => testDb.handle.db);
const db = () => testDb.handle.db;

const DAY = '2026-03-10';
const range = toRange(DAY, DAY);
const at = (day = DAY) => new Date(`${day}T12:00:00Z`);

function search(query: string, options: { results?: number; opened?: boolean; day?: string; session?: string; id?: string } = {}) {
  const event: AnalyticsSearchPerformed & { createdAt: Date } = {
    type: 'AnalyticsSearchPerformed',
    data: {
      sessionId: options.session ?? randomUUID(),
      searchId: options.id ?? randomUUID(),
      at: at(options.day).toISOString(),
      query,
      results: options.results ?? 0,
      opened: options.opened ?? false,
    },
    createdAt: at(options.day),
  };
  return event;
}

function suggestion(text: string, options: { category?: string; searchId?: string; day?: string } = {}) {
  const event: SuggestionSubmitted & { createdAt: Date } = {
    type: 'SuggestionSubmitted',
    data: {
      suggestionId: randomUUID(),
      email: 'visitor@example.com',
      text,
      category: options.category ?? null,
      sourcePage: '/',
      searchId: options.searchId ?? null,
    },
    createdAt: at(options.day),
  };
  return event;
}

const labelsOf = (needs: { samples: { wording: string }[]; cores: string[] }[]) => needs.map((need) => need.cores);

/** The fixed set: what a person reading these would put together. */
const FIXED_SET = [
  search('invoice reminders'),
  search('Invoice reminders'),
  search('invoice reminder tool'),
  suggestion('Chase unpaid invoices', { category: 'Finance' }),
  search('overdue invoice chaser'),
  search('rota planner'),
  search('staff rota'),
  suggestion('shift planner', { category: 'HR & Recruiting' }),
  search('staff shift rota'),
  search('appointment booking'),
  search('booking calendar'),
  suggestion('client bookings', { category: 'Customer Support' }),
  search('mileage log'),
  suggestion('stock count', { category: 'Productivity' }),
];

describe('demand: grouping the fixed set', () => {
  it('gives the groups a person would make', async () => {
    await spec.given(FIXED_SET).tables();
    const needs = await readNeeds(db(), range);
    expect(labelsOf(needs).map((cores) => [...cores].sort())).toEqual([
      ['chase unpaid invoice', 'invoice', 'overdue invoice chaser'],
      ['rota', 'shift', 'staff rota', 'staff shift rota'],
      ['appointment booking', 'booking calendar', 'client booking'],
      ['mileage'],
      ['stock count'],
    ]);
    const invoices = needs[0]!;
    expect(invoices).toMatchObject({
      label: 'invoice reminders',
      searches: 4,
      zeroResultSearches: 4,
      suggestions: 1,
      visitors: 5,
      categories: [{ name: 'Finance', count: 1 }],
      status: 'open',
      change: null,
    });
    expect(invoices.samples.map((s) => s.wording)).toEqual([
      'invoice reminders',
      'chase unpaid invoices',
      'invoice reminder tool',
      'overdue invoice chaser',
    ]);
  });

  it('leaves out searches whose result was opened, and counts a visitor once', async () => {
    const session = randomUUID();
    const found = search('invoice reminders', { results: 2, session });
    await spec
      .given([
        search('invoice reminders', { session }),
        search('invoice reminder tool', { session, results: 1 }),
        found,
        { ...found, data: { ...found.data, opened: true } },
      ])
      .tables();
    const [need] = await readNeeds(db(), range);
    expect(need).toMatchObject({ searches: 2, zeroResultSearches: 1, visitors: 1 });
  });

  it('links a suggestion made from a search to that search’s visitor', async () => {
    const session = randomUUID();
    const nothing = search('rota planner', { session });
    await spec.given([nothing, suggestion('rota planner', { searchId: nothing.data.searchId })]).tables();
    const [need] = await readNeeds(db(), range);
    expect(need).toMatchObject({ searches: 1, suggestions: 1, visitors: 1 });
  });

  it('compares the range with as many days just before it', async () => {
    await spec
      .given([
        search('staff rota', { day: '2026-03-09' }),
        search('staff rota', { day: '2026-03-09' }),
        search('staff rota'),
        search('mileage log', { day: '2026-03-09' }),
        search('booking calendar', { day: '2026-03-11' }),
      ])
      .tables();
    const needs = await readNeeds(db(), range);
    expect(needs.map((n) => [n.label, n.searches, n.previous, n.change])).toEqual([['staff rota', 1, 2, -50]]);
  });
});

describe('demand: the admin’s decisions', () => {
  const decided = <E extends DemandGroupsMerged | DemandWordingSplit | DemandGroupMarked>(event: E) => ({
    ...event,
    streamId: 'demand-needs',
    createdAt: at(),
  });

  it('merges two groups, splits a wording off and marks a group; replayed, the same', async () => {
    const events = [
      ...FIXED_SET,
      decided<DemandGroupsMerged>({ type: 'DemandGroupsMerged', data: { a: 'mileage', b: 'stock count' } }),
      decided<DemandWordingSplit>({ type: 'DemandWordingSplit', data: { core: 'overdue invoice chaser' } }),
      decided<DemandGroupMarked>({
        type: 'DemandGroupMarked',
        data: { cores: ['rota', 'staff rota'], label: 'rota planner', status: 'built', appSlug: 'shift-planner' },
      }),
      decided<DemandGroupMarked>({
        type: 'DemandGroupMarked',
        data: { cores: ['appointment booking'], label: 'appointment booking', status: 'ignored', appSlug: null },
      }),
    ];
    const tables = await spec.given(events).tables();
    const needs = await readNeeds(db(), range);
    expect(needs.map((n) => [[...n.cores].sort(), n.status, n.appSlug])).toEqual([
      [['chase unpaid invoice', 'invoice'], 'open', null],
      [['mileage', 'stock count'], 'open', null],
      [['overdue invoice chaser'], 'open', null],
      [['rota', 'shift', 'staff rota', 'staff shift rota'], 'built', 'shift-planner'],
      [['appointment booking', 'booking calendar', 'client booking'], 'ignored', null],
    ]);
    // The same log in other batches (a rebuild, a projector catching up) gives the same tables.
    expect(await spec.given(...events.map((event) => [event])).tables()).toEqual(tables);
  });

  it('keeps needs apart that share only the form of the tool, and a split undoes a grouping the admin disagrees with', async () => {
    const events = [
      search('stock tracker'),
      search('expense tracker'),
      search('meal planner'),
      search('rota planner'),
      search('staff rota'),
    ];
    await spec.given(events).tables();
    expect((await readNeeds(db(), range)).map((n) => [...n.cores].sort())).toEqual([
      ['rota', 'staff rota'],
      ['expense'],
      ['meal'],
      ['stock'],
    ]);
    await spec.given(events, [decided<DemandWordingSplit>({ type: 'DemandWordingSplit', data: { core: 'staff rota' } })]).tables();
    expect((await readNeeds(db(), range)).map((n) => [...n.cores].sort())).toEqual([
      ['expense'],
      ['meal'],
      ['rota'],
      ['staff rota'],
      ['stock'],
    ]);
  });
});

describe('demand: weak quiz matches and dead ends', () => {
  const quiz = (answers: string[], score: number | undefined, app = 'invoice-chaser'): QuizCompleted & { createdAt: Date } => ({
    type: 'QuizCompleted',
    data: {
      quizResultId: randomUUID(),
      email: 'q@example.com',
      answers: answers.map((answer, index) => ({ question: `Q${index}`, answer })),
      recommendedApp: app,
      ...(score === undefined ? {} : { matchScore: score }),
    },
    createdAt: at(),
  });
  const notFound = (path: string, bot = false): PageNotFound & { createdAt: Date } => ({
    type: 'PageNotFound',
    data: { path, via: 'server', bot },
    createdAt: at(),
  });
  const categoryView = (slug: string, sessionId = randomUUID()): AnalyticsPageViewed & { createdAt: Date } => ({
    type: 'AnalyticsPageViewed',
    data: {
      key: randomUUID(),
      sessionId,
      pageViewId: randomUUID(),
      at: at().toISOString(),
      url: `https://unsheet.test/c/${slug}?utm_source=x`,
      title: 'x',
      referrer: null,
      potentialKeywords: [],
    },
    createdAt: at(),
  });

  it('groups weak matches by their answers, leaving out good matches and results without a score', async () => {
    const weak = ['time', 'hr-recruiting', 'paper', 'solo'];
    await spec
      .given([quiz(weak, 3, 'shift-planner'), quiz(weak, 100), quiz(['manual_work', 'finance', 'x', 'y'], 102), quiz(weak, undefined)])
      .tables();
    const report = await readDemand(db(), range, []);
    expect(report.weakQuizMatches).toEqual([{ answers: weak, count: 2, recommendedApps: ['invoice-chaser', 'shift-planner'] }]);
  });

  it('counts missing app and category pages (not bots, not other paths) and thin categories that get visits', async () => {
    const session = randomUUID();
    await spec
      .given([
        notFound('/app/payroll-wizard'),
        notFound('/app/payroll-wizard'),
        notFound('/c/legal'),
        notFound('/app/payroll-wizard', true),
        notFound('/wp-login.php'),
        categoryView('hr-recruiting', session),
        categoryView('hr-recruiting', session),
        categoryView('hr-recruiting'),
        categoryView('finance'),
        categoryView('marketing'),
      ])
      .tables();
    const categories = [
      { name: 'Finance', slug: 'finance', count: 3 },
      { name: 'HR & Recruiting', slug: 'hr-recruiting', count: 1 },
      { name: 'Marketing', slug: 'marketing', count: 0 },
      { name: 'Sales', slug: 'sales', count: 0 },
    ];
    const { deadEnds } = await readDemand(db(), range, categories);
    expect(deadEnds.missingPages).toEqual([
      { path: '/app/payroll-wizard', hits: 2 },
      { path: '/c/legal', hits: 1 },
    ]);
    expect(deadEnds.thinCategories).toEqual([
      { slug: 'hr-recruiting', name: 'HR & Recruiting', tools: 1, visits: 2 },
      { slug: 'marketing', name: 'Marketing', tools: 0, visits: 1 },
    ]);
  });
});
