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

/** Whether [start, end) is whole buckets: always for today's zones; a range that is not is read from the rows. */
export const inWholeBuckets = ({ start, end }: { start: Date; end: Date }) =>
  start.getTime() % BUCKET_MS === 0 && end.getTime() % BUCKET_MS === 0;
