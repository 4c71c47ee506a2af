/**
 * The engagement formulas, pure, so their rounding and their zero cases are tested in one place.
 * The database does the counting; these turn counts into the figures the dashboard shows.
 */

/** Rounds to `decimals` places (half away from zero), as the dashboard shows it. */
export function round(value: number, decimals = 0): number {
  const factor = 10 ** decimals;
  return (Math.sign(value) * Math.round(Math.abs(value) * factor)) / factor;
}

/** part / whole × 100 to one decimal; 0 when there is nothing to divide by. */
export function percent(part: number, whole: number): number {
  return whole > 0 ? round((part / whole) * 100, 1) : 0;
}

/** total / count, rounded; 0 for no items. */
export function average(total: number, count: number, decimals = 0): number {
  return count > 0 ? round(total / count, decimals) : 0;
}

/**
 * Quiz completion rate: quiz results / home page views × 100 (spec §9), over the same range. It can pass
 * 100 when visitors finish the quiz without passing through the home page; it is not capped, so the figure
 * stays honest.
 */
export function quizCompletionRate(quizResults: number, homePageViews: number): number {
  return percent(quizResults, homePageViews);
}

/**
 * User return rate: among the visitors (first-party visitor ids) with a session in the range, the share
 * who came back: they had a session before the range, or more than one session in it. Sessions without a
 * visitor id (Do Not Track, Global Privacy Control) are left out of both counts.
 */
export function userReturnRate(visitors: number, returningVisitors: number): number {
  return percent(returningVisitors, visitors);
}

/**
 * A figure's change against the previous period, in whole percent: null when there is no ratio to give
 * (no previous figure, or a previous 0 against a figure that is not), 0 when both are 0.
 */
export function percentChange(current: number, previous: number | null): number | null {
  if (previous === null) return null;
  if (previous === 0) return current === 0 ? 0 : null;
  return round(((current - previous) / Math.abs(previous)) * 100);
}

/** Each figure against its previous value (null: no previous data): the cards' `changes`. */
export function figureChanges<F extends string>(
  figures: readonly F[],
  now: Record<F, number>,
  previous: (figure: F) => number | null,
): Record<F, { previous: number | null; percent: number | null }> {
  return Object.fromEntries(
    figures.map((figure) => {
      const before = previous(figure);
      return [figure, { previous: before, percent: percentChange(now[figure], before) }];
    }),
  ) as Record<F, { previous: number | null; percent: number | null }>;
}
