/**
 * The rollups' time buckets: 15 minutes of UTC. Every time zone in use today is offset from UTC by a
 * multiple of 15 minutes (India +5:30, Nepal +5:45, Chatham +12:45…), so each of its days and hours is a
 * whole number of buckets, daylight saving changes included. Sessions by source and campaign, and pairs of
 * a visitor's sessions, are also kept by UTC day, so that a long range reads a few rows per value and day.
 */
export const BUCKET_MS = 15 * 60_000;
export const UTC_DAY_MS = 86_400_000;

export const bucketOf = (ms: number) => Math.floor(ms / BUCKET_MS) * BUCKET_MS;
export const utcDayOf = (ms: number) => Math.floor(ms / UTC_DAY_MS) * UTC_DAY_MS;

/**
 * A range cut for reading: its whole buckets [innerStart, innerEnd), read from the rollups, and its partial
 * edges [start, innerStart) and [innerEnd, end), read from the rows. With `rollups` false the inner part
 * is empty and the whole range is read from the rows (what the rollups are checked against).
 */
export interface RangeCut {
  start: Date;
  end: Date;
  innerStart: Date;
  innerEnd: Date;
}

export function cut({ start, end }: { start: Date; end: Date }, rollups = true): RangeCut {
  const innerStart = Math.ceil(start.getTime() / BUCKET_MS) * BUCKET_MS;
  const innerEnd = bucketOf(end.getTime());
  if (!rollups || innerStart >= innerEnd) return { start, end, innerStart: end, innerEnd: end };
  return { start, end, innerStart: new Date(innerStart), innerEnd: new Date(innerEnd) };
}

/** Whether the cut reads nothing from the rows but empty edges. */
export const wholeBuckets = (cut: RangeCut) =>
  cut.innerStart.getTime() === cut.start.getTime() && cut.innerEnd.getTime() === cut.end.getTime();

/**
 * The whole UTC days of [start, end), from its first UTC midnight to its last: the part a rollup kept by
 * day reads from its day rows, the partial days before and after from its 15-minute rows. Without a whole
 * day the span is empty (at the one midnight the range crosses, or at its end).
 */
export function wholeUtcDays(start: Date, end: Date): [Date, Date] {
  const first = Math.ceil(start.getTime() / UTC_DAY_MS) * UTC_DAY_MS;
  const last = Math.floor(end.getTime() / UTC_DAY_MS) * UTC_DAY_MS;
  // Within one UTC day: an empty span at the end, so that all of the range comes before it.
  if (first > last) return [end, end];
  return [new Date(first), new Date(last)];
}
