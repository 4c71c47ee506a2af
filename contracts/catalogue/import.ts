/**
 * The app import (POST /api/admin/apps/import): the request and the per-row plan the API answers with. A
 * dry run answers the plan without writing, so the preview shows what the server will do, by the same
 * rules; the import answers what it did. The SPA imports the types only.
 */
import { z } from 'zod';
import { IMPORT_MAX_ROWS, IMPORT_ROWS_PER_REQUEST } from './fields.js';

/** What to do with a row whose address (slug) an app already has. */
export const IF_EXISTS = ['skip', 'update'] as const;
export type IfExists = (typeof IF_EXISTS)[number];

export const importRequestSchema = z
  .strictObject({
    dryRun: z.boolean().default(false),
    rows: z
      .array(
        z.strictObject({
          /** The row's number in the admin's file, which the answer names it by. */
          row: z.number().int().min(1),
          /** Validated row by row, so that one bad app is reported for its row instead of refusing the rest. */
          app: z.record(z.string(), z.unknown()),
          ifExists: z.enum(IF_EXISTS).default('skip'),
        }),
      )
      .min(1, 'Send at least one row')
      .max(IMPORT_MAX_ROWS, `At most ${IMPORT_MAX_ROWS} rows per request`),
  })
  .refine((request) => request.dryRun || request.rows.length <= IMPORT_ROWS_PER_REQUEST, {
    path: ['rows'],
    message: `At most ${IMPORT_ROWS_PER_REQUEST} rows per import request (a dry run takes up to ${IMPORT_MAX_ROWS})`,
  });
export type ImportRequest = z.input<typeof importRequestSchema>;

/**
 * Why a row is skipped or not imported as it was sent: a field is not valid (its message names the field),
 * its address is an existing app's, or an earlier row of the file has the same address.
 */
export const IMPORT_REASON_CODES = ['INVALID', 'SLUG_TAKEN', 'DUPLICATE_IN_FILE'] as const;

export const importRowResultSchema = z.object({
  row: z.number(),
  action: z.enum(['add', 'update', 'skip']),
  /** The address the row has (null when its name gives none). */
  slug: z.string().nullable(),
  /** The app added or updated (null in a dry run's adds, and for skipped rows). */
  id: z.string().nullable(),
  reasons: z.array(z.object({ code: z.enum(IMPORT_REASON_CODES), field: z.string().optional(), message: z.string() })),
});
export type ImportRowResult = z.infer<typeof importRowResultSchema>;

export const importAnswerSchema = z.object({
  dryRun: z.boolean(),
  added: z.number(),
  updated: z.number(),
  skipped: z.number(),
  rows: z.array(importRowResultSchema),
});
export type ImportAnswer = z.infer<typeof importAnswerSchema>;
