/**
 * The rollups' time buckets: 15 minutes of UTC. Every time zone in use today is offset from UTC by a
 * multiple of 15 minutes (India +5:30, Nepal +5:45, Chatham +12:45…), so each of its days and hours is a
 * whole number of buckets, daylight saving changes included. Pairs of a visitor's sessions are also kept
 * by UTC day, so that a long range reads a few rows per day (return-pairs).
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
