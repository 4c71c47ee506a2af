import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { GROWTH_FIGURES, type Growth, type GrowthFigure } from '../../../../contracts/analytics/dashboard.js';
import { CountCatalogueGrowth } from '../../catalogue/queries/count-catalogue-growth.query.js';
import { CountLeadsJoined } from '../../early-access/waitlist/count-leads-joined.query.js';
import { CountSuggestions } from '../../feedback/queries/count-suggestions.query.js';
import type { PeriodCounts } from '../../shared/db/count-in-periods.js';
import { periodOf, previousRange, type DateRange } from '../metrics/date-range.js';
import { orEmpty } from '../metrics/fallback.js';
import { figureChanges } from '../metrics/formulas.js';

/**
 * The top cards' figures for a range of days in the admin's zone: the apps added, leads joined, app views
 * counted and suggestions received in it, each asked of the module that owns it, and each against the
 * previous range of the same length. A previous figure is null when nothing of its kind had arrived
 * before the range (no data for the previous period), rather than an infinite change.
 */
export class GetGrowth extends Query<Growth> {
  constructor(readonly range: DateRange) {
    super();
  }
}

@QueryHandler(GetGrowth)
export class GetGrowthHandler implements IQueryHandler<GetGrowth> {
  constructor(private readonly queries: QueryBus) {}

  execute({ range }: GetGrowth): Promise<Growth> {
    const none = Object.fromEntries(GROWTH_FIGURES.map((figure) => [figure, 0])) as Record<GrowthFigure, number>;
    const empty = { period: periodOf(range), ...none, changes: figureChanges(GROWTH_FIGURES, none, () => null) };
    return orEmpty('growth', empty, () => this.compute(range));
  }

  private async compute(range: DateRange): Promise<Growth> {
    // Before the previous range, the previous range, the range.
    const bounds = [previousRange(range).start, range.start, range.end];
    const [catalogue, leadsJoined, suggestionsReceived] = await Promise.all([
      this.queries.execute(new CountCatalogueGrowth(bounds)),
      this.queries.execute(new CountLeadsJoined(bounds)),
      this.queries.execute(new CountSuggestions(bounds)),
    ]);
    const counts: Record<GrowthFigure, PeriodCounts> = { ...catalogue, leadsJoined, suggestionsReceived };
    const now = Object.fromEntries(GROWTH_FIGURES.map((figure) => [figure, counts[figure].periods[1]!])) as Record<GrowthFigure, number>;
    const previous = (figure: GrowthFigure) => {
      const { before, periods } = counts[figure];
      return before + periods[0]! === 0 ? null : periods[0]!;
    };
    return { period: periodOf(range), ...now, changes: figureChanges(GROWTH_FIGURES, now, previous) };
  }
}
