/** Checks an HTTP answer against the contract the SPA is compiled with (contracts/). */
import { expect } from 'vitest';
import type { z } from 'zod';

/** The answer is exactly what the schema describes: each of its fields, of its type, and no other field. */
export function expectContract(schema: z.ZodType, body: unknown): void {
  const parsed = schema.safeParse(body);
  expect(parsed.error?.issues ?? []).toEqual([]);
  // The schemas' objects drop unknown keys: a field the contract does not name makes the two differ.
  expect(parsed.data).toEqual(body);
}
