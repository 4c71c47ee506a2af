import { Inject } from '@nestjs/common';
import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import {
  CARD_FIGURES,
  type CardFigure,
  type EngagementMetrics as EngagementMetricsView,
} from '../../../../contracts/analytics/engagement.js';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';
import { periodOf, previousRange, type DateRange } from '../metrics/date-range.js';
import { orEmpty } from '../metrics/fallback.js';
import { average, figureChanges, percent, quizCompletionRate, userReturnRate } from '../metrics/formulas.js';
import { appViews, cardCounts, channels, entryExitPages, sessionsByHour, topPages, topSources } from './dashboard-reads.js';
import { GetAppLabels } from '../../catalogue/queries/get-app-labels.query.js';
import { CountQuizResults } from '../../early-access/quiz/quiz-results.query.js';

type CardFigures = Pick<EngagementMetricsView, CardFigure>;

const ZERO_FIGURES = Object.fromEntries(CARD_FIGURES.map((figure) => [figure, 0])) as CardFigures;

/** What the dashboard shows when the figures cannot be read (spec §8): zeros, every hour present. */
export function zeroMetrics(range: DateRange): EngagementMetricsView {
  return {
    period: periodOf(range),
    ...ZERO_FIGURES,
    topCategories: [],
    peakHours: [],
    sessionsByHour: byHour([]),
    trafficSources: [],
    topPages: [],
    entryPages: [],
    exitPages: [],
    channels: [],
    changes: changes(ZERO_FIGURES, null),
  };
}

/**
 * The dashboard's engagement figures for a range of days in the admin's zone (sessions by start time,
 * events by time), and the cards' figures for the previous range of the same length.
 */
export class GetEngagementMetrics extends Query<EngagementMetricsView> {
  constructor(readonly range: DateRange) {
    super();
  }
}

@QueryHandler(GetEngagementMetrics)
export class GetEngagementMetricsHandler implements IQueryHandler<GetEngagementMetrics> {
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly queries: QueryBus,
  ) {}

  execute({ range }: GetEngagementMetrics): Promise<EngagementMetricsView> {
    return orEmpty('engagement', zeroMetrics(range), () => this.compute(range));
  }

  /** The figures from the rollups (`rollups` false: from the visits rows alone, the same answer). */
  async compute(range: DateRange, rollups = true): Promise<EngagementMetricsView> {
    const previous = previousRange(range);
    const [figures, before, topCategories, hours, trafficSources, pages, entryExit, byChannel] = await Promise.all([
      this.cardFigures(range, rollups),
      this.cardFigures(previous, rollups),
      this.topCategories(range, rollups),
      sessionsByHour(this.db, range, rollups),
      topSources(this.db, range, rollups),
      topPages(this.db, range, rollups),
      entryExitPages(this.db, range, rollups),
      channels(this.db, range, rollups),
    ]);
    return {
      period: periodOf(range),
      ...figures,
      topCategories,
      peakHours: [...hours].sort((a, b) => b.sessions - a.sessions || a.hour - b.hour).slice(0, 6),
      sessionsByHour: byHour(hours),
      trafficSources,
      topPages: pages,
      entryPages: entryExit.entry,
      exitPages: entryExit.exit,
      channels: byChannel,
      changes: changes(figures, before.totalSessions > 0 ? before : null),
    };
  }

  /** The figures of the cards for one range. */
  private async cardFigures(range: DateRange, rollups: boolean): Promise<CardFigures> {
    const [counts, quizResults] = await Promise.all([
      cardCounts(this.db, range, rollups),
      this.queries.execute(new CountQuizResults(range.start, range.end)),
    ]);
    return {
      visitors: counts.visitors,
      totalSessions: counts.sessions,
      pageViews: counts.pageViews,
      bounceRate: percent(counts.bounces, counts.sessions),
      appInteractions: counts.interactions,
      avgTimeOnSite: average(counts.time, counts.sessions),
      avgPagesPerSession: average(counts.pageViews, counts.sessions, 1),
      quizCompletionRate: quizCompletionRate(quizResults, counts.homeViews),
      userReturnRate: userReturnRate(counts.visitors, counts.returning),
    };
  }

  /**
   * The five categories whose apps were viewed most: views (not clicks, shares or quiz steps) counted here,
   * categories asked of the catalogue. The dashboard labels the figures "views".
   */
  private async topCategories(range: DateRange, rollups: boolean): Promise<{ category: string; count: number }[]> {
    const rows = await appViews(this.db, range, rollups);
    const apps = await this.queries.execute(new GetAppLabels(rows.map((row) => row.app_id)));
    const counts = new Map<string, number>();
    for (const { app_id, count } of rows) {
      const category = apps.get(app_id)?.category;
      if (category !== undefined) counts.set(category, (counts.get(category) ?? 0) + count);
    }
    return [...counts]
      .map(([category, count]) => ({ category, count }))
      .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category))
      .slice(0, 5);
  }
}

/** Every hour of the day, 0 first, with its sessions (0 when none). */
function byHour(rows: readonly { hour: number; sessions: number }[]): { hour: number; sessions: number }[] {
  const counts = new Map(rows.map((row) => [row.hour, row.sessions]));
  return Array.from({ length: 24 }, (_, hour) => ({ hour, sessions: counts.get(hour) ?? 0 }));
}

function changes(now: CardFigures, before: CardFigures | null): EngagementMetricsView['changes'] {
  return figureChanges(CARD_FIGURES, now, (figure) => (before ? before[figure] : null));
}
