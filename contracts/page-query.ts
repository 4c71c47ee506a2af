/**
 * The admin lists' query parameters and answers as zod schemas (contracts/paging.ts says how they page): the
 * API validates query strings with them (400 naming the field) and documents them in OpenAPI.
 */
import { z } from 'zod';
import { ADMIN_PAGE_SIZE, PAGE_SIZE_MAX } from './paging.js';

/** C0 and C1 control characters and the Unicode line separators: no search or filter holds one. */
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]/u;

/** A text parameter: at most `max` characters, no control character, trimmed; empty means absent. */
export const textParam = (max: number) =>
  z
    .string({ error: 'Must be one text.' })
    .max(max, `At most ${max} characters.`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), 'Control characters are not allowed.')
    .transform((value) => value.trim() || undefined)
    .optional();

export const pageParams = {
  page: z.coerce
    .number({ error: 'Must be a number.' })
    .int('Must be a whole number.')
    .min(1, 'Must be 1 or more.')
    .max(1_000_000, 'At most 1000000.')
    .default(1)
    .describe('1-based page (default 1)'),
  pageSize: pageSizeParam(ADMIN_PAGE_SIZE),
};

/** Items per page: `fallback` when absent, at most PAGE_SIZE_MAX. */
export function pageSizeParam(fallback: number) {
  return z.coerce
    .number({ error: 'Must be a number.' })
    .int('Must be a whole number.')
    .min(1, 'Must be 1 or more.')
    .max(PAGE_SIZE_MAX, `At most ${PAGE_SIZE_MAX}.`)
    .default(fallback)
    .describe(`Items per page (default ${fallback}, at most ${PAGE_SIZE_MAX})`);
}

/** An enumerated parameter with the message the admin's client reads when it sends something else. */
export const enumParam = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.enum(values, { error: `Must be one of: ${values.join(', ')}.` }).default(fallback);

const pageFields = {
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int().describe('Items in the whole list'),
  filtered: z.number().int().describe('Items that match the filter and the search (the total without either)'),
};

/** A page of `item`: its items, where it is, and the list's totals. */
export const pageSchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), ...pageFields });
