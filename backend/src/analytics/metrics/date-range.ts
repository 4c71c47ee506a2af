/**
 * A range of whole calendar days in the admin's time zone, `from` and `to` included: what every metrics
 * query takes. The bounds are the instants those days begin and end in the zone (a day across a daylight
 * saving change lasts 23 or 25 hours); the queries bucket by day and hour with PostgreSQL's `at time zone`.
 */
import { z } from 'zod';
import { dateRangeFields } from '../../../../contracts/analytics/date-range.js';
import { DEFAULT_TIME_ZONE } from '../../../../contracts/analytics/time-zone.js';

export interface DateRange {
  from: string;
  to: string;
  /** IANA time zone the days are counted in. */
  timeZone: string;
  /** How many days, `from` and `to` included. */
  days: number;
  /** First instant of `from` in the zone. */
  start: Date;
  /** First instant after `to` in the zone. */
  end: Date;
}

export const MAX_RANGE_DAYS = 400;
const DAY_MS = 86_400_000;

export const utcDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * `?from=&to=&tz=` (plus any `extra` parameters): all optional, today in the zone by default; `to` before
 * `from`, a range over 400 days or an unknown zone is refused.
 */
export function rangeQuery<E extends z.ZodRawShape>(extra: E) {
  return withDateRange(z.strictObject({ ...dateRangeFields, ...extra }));
}

export const dateRangeQuery = rangeQuery({});

/**
 * A query schema with the range fields (contracts/analytics/date-range.ts) whose output is the range, with
 * the other parameters beside it.
 */
export function withDateRange<S extends z.ZodObject<typeof dateRangeFields & z.ZodRawShape>>(schema: S) {
  return schema.transform((query, ctx) => {
    const { from, to, tz, ...rest } = query as { from?: string; to?: string; tz?: string } & Record<string, unknown>;
    const zone = tz ?? DEFAULT_TIME_ZONE;
    const today = dayIn(new Date(), zone);
    const first = from ?? today;
    const last = to ?? today;
    if (last < first) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'Must not be before from.' });
      return z.NEVER;
    }
    if (daysBetween(first, last) + 1 > MAX_RANGE_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: `At most ${MAX_RANGE_DAYS} days.` });
      return z.NEVER;
    }
    return { ...toRange(first, last, zone), ...(rest as Omit<z.output<S>, keyof typeof dateRangeFields>) };
  });
}

export function toRange(from: string, to: string, timeZone = DEFAULT_TIME_ZONE): DateRange {
  return {
    from,
    to,
    timeZone,
    days: daysBetween(from, to) + 1,
    start: startOfDay(from, timeZone),
    end: startOfDay(addDays(to, 1), timeZone),
  };
}

/** The range as the answers give it back: its days, their number and their zone. */
export function periodOf({ from, to, days, timeZone }: DateRange): { from: string; to: string; days: number; timeZone: string } {
  return { from, to, days, timeZone };
}

/** The range of the same length just before this one, in the same zone: what the dashboard compares with. */
export function previousRange(range: DateRange): DateRange {
  return toRange(addDays(range.from, -range.days), addDays(range.from, -1), range.timeZone);
}

export function addDays(dayString: string, days: number): string {
  return utcDay(new Date(Date.parse(`${dayString}T00:00:00Z`) + days * DAY_MS));
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function wallClock(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** The zone's wall-clock time at `instant`, read as if it were UTC (epoch ms). */
function wallTime(instant: number, timeZone: string): number {
  const parts = Object.fromEntries(
    wallClock(timeZone)
      .formatToParts(new Date(instant))
      .map((p) => [p.type, Number(p.value)]),
  );
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** YYYY-MM-DD of `date` in the zone. */
export function dayIn(date: Date, timeZone: string): string {
  return utcDay(new Date(wallTime(date.getTime(), timeZone)));
}

/** The instant a calendar day begins in the zone: its midnight, or the first moment of the day where midnight is skipped. */
export function startOfDay(dayString: string, timeZone: string): Date {
  const midnight = Date.parse(`${dayString}T00:00:00Z`);
  const offset = (instant: number) => wallTime(instant, timeZone) - Math.floor(instant / 1000) * 1000;
  // The offset before and after a change near midnight: the earliest candidate that falls on the day wins.
  const early = midnight - offset(midnight);
  const late = midnight - offset(early);
  const onDay = [early, late].filter((t) => dayIn(new Date(t), timeZone) === dayString);
  return new Date(onDay.length > 0 ? Math.min(...onDay) : early);
}
