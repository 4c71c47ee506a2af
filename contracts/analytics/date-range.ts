/**
 * The query parameters every analytics read takes for a range of whole days in the admin's time zone
 * (`?from=&to=&tz=`), as zod fields with the messages a bad value is refused with. The API turns them into
 * the range's instants (backend/src/analytics/metrics/date-range.ts); the SPA imports nothing from here.
 */
import { z } from 'zod';
import { DEFAULT_TIME_ZONE, isTimeZone, TIME_ZONE_MESSAGE } from './time-zone.js';

function isCalendarDay(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Use the form YYYY-MM-DD.', abort: true })
  .refine(isCalendarDay, { message: 'Not a calendar date.', abort: true })
  .optional();

/** `from` and `to` (today in the zone when absent) and `tz` (UTC when absent). */
export const dateRangeFields = {
  from: day.describe('First day (YYYY-MM-DD, in the time zone); default today'),
  to: day.describe('Last day, included (YYYY-MM-DD, in the time zone); default today'),
  tz: z
    .string()
    .refine(isTimeZone, { message: TIME_ZONE_MESSAGE })
    .optional()
    .describe(`IANA time zone the days and hours are counted in (default ${DEFAULT_TIME_ZONE})`),
};
