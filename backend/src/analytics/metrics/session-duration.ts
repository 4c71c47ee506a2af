/**
 * How long a session lasted: the one definition every figure of a session's time uses (Avg. Time on Site,
 * the lead detail's Total Time and Avg Session, the activity timeline). The database may gather the inputs;
 * the rule is here.
 *
 * Duration = from the session's first event to its last (start, page views, app interactions, end), where
 * the last page counts until it was left when its time on page is known: a session without an end event
 * (the tab was closed before the beacon went out) still lasted as long as its events show, not 0 s.
 */

/** Epoch milliseconds of a session's events, and its last page view. */
export interface SessionTiming {
  firstEventAt: number;
  lastEventAt: number;
  /** The page viewed last, and its time on page in seconds (null until known); null without page views. */
  lastPage: { viewedAt: number; seconds: number | null } | null;
}

/** Whole seconds from the first event to the last, or to when the last page was left when that is later. */
export function sessionDuration({ firstEventAt, lastEventAt, lastPage }: SessionTiming): number {
  const pageLeftAt = lastPage && lastPage.seconds !== null ? lastPage.viewedAt + lastPage.seconds * 1000 : lastEventAt;
  return Math.max(0, Math.round((Math.max(lastEventAt, pageLeftAt) - firstEventAt) / 1000));
}

type Instant = Date | string;
const ms = (at: Instant) => (at instanceof Date ? at.getTime() : Date.parse(at));

/** The timing of one session from its rows (as the lead timeline holds them). */
export function sessionTiming(
  session: { start_time: Instant; end_time: Instant | null },
  pageViews: readonly { timestamp: Instant; time_on_page: number | null }[],
  interactions: readonly { timestamp: Instant }[],
): SessionTiming {
  const times = [session.start_time, session.end_time, ...pageViews.map((p) => p.timestamp), ...interactions.map((i) => i.timestamp)]
    .filter((at): at is Instant => at !== null)
    .map(ms);
  const last = pageViews.reduce<(typeof pageViews)[number] | null>(
    (latest, p) => (!latest || ms(p.timestamp) >= ms(latest.timestamp) ? p : latest),
    null,
  );
  return {
    firstEventAt: Math.min(...times),
    lastEventAt: Math.max(...times),
    lastPage: last ? { viewedAt: ms(last.timestamp), seconds: last.time_on_page } : null,
  };
}
