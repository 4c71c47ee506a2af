/** A range of whole UTC days, `from` and `to` included: what every metrics query takes. */
import { z } from 'zod';

export interface DateRange {
  from: string;
  to: string;
  /** First instant of `from`, UTC. */
  start: Date;
  /** First instant after `to`, UTC. */
  end: Date;
}

export const MAX_RANGE_DAYS = 400;
const DAY_MS = 86_400_000;

export const utcDay = (date: Date) => date.toISOString().slice(0, 10);

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use the form YYYY-MM-DD.', abort: true })
  .refine(isCalendarDay, { message: 'Not a calendar date.', abort: true })
  .optional();

/**
 * `?from=&to=` (plus any `extra` parameters): both optional, today (UTC) by default; `to` before `from` or a
 * range over 400 days is refused.
 */
export function rangeQuery<E extends z.ZodRawShape>(extra: E) {
  return z
    .strictObject({
      from: day.describe('First day (UTC, YYYY-MM-DD); default today'),
      to: day.describe('Last day, included (UTC, YYYY-MM-DD); default today'),
      ...extra,
    })
    .transform((query, ctx) => {
      const { from, to, ...rest } = query as { from?: string; to?: string } & Record<string, unknown>;
      const today = utcDay(new Date());
      const range = toRange(from ?? today, to ?? today);
      if (range.end <= range.start) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: 'Must not be before from.' });
        return z.NEVER;
      }
      if ((range.end.getTime() - range.start.getTime()) / DAY_MS > MAX_RANGE_DAYS) {
        ctx.addIssue({ code: 'custom', path: ['to'], message: `At most ${MAX_RANGE_DAYS} days.` });
        return z.NEVER;
      }
      return { ...range, ...(rest as z.output<z.ZodObject<E>>) };
    });
}

export const dateRangeQuery = rangeQuery({});

function isCalendarDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && utcDay(date) === value;
}

export function toRange(from: string, to: string): DateRange {
  const start = new Date(`${from}T00:00:00Z`);
  const end = new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS);
  return { from, to, start, end };
}

export function addDays(dayString: string, days: number): string {
  return utcDay(new Date(Date.parse(`${dayString}T00:00:00Z`) + days * DAY_MS));
}
