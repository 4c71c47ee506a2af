/**
 * The audit trail (GET /api/admin/audit): who changed what and when, newest first, a page at a time. The
 * query the API validates and the answer it documents in OpenAPI; the SPA reads the types.
 */
import { z } from 'zod';
import { PAGE_SIZE_MAX } from '../paging.js';

export const AUDIT_PAGE_SIZE = 25;

export const auditTrailQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1).describe('1-based page (default 1)'),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(PAGE_SIZE_MAX)
    .default(AUDIT_PAGE_SIZE)
    .describe(`Entries per page (default ${AUDIT_PAGE_SIZE}, at most ${PAGE_SIZE_MAX})`),
  stream: z.string().trim().min(1).max(200).optional().describe('Only the changes to this event stream'),
  subject: z
    .uuid({ error: 'Must be an id (uuid).' })
    .optional()
    .describe('Only the changes to this entity: its own stream (`<kind>-<id>`) or events naming it in their data'),
});
export type AuditTrailFilter = z.output<typeof auditTrailQuery>;

export const auditEntrySchema = z.object({
  position: z.number().int().describe("The event's global position"),
  at: z.iso.datetime(),
  actor: z.object({ userId: z.string(), email: z.string().nullable().describe('null when the account is gone') }),
  type: z.string(),
  streamId: z.string(),
  record: z
    .string()
    .describe(
      "The changed record in words, as its module names it: 'App: Budget Buddy', 'Lead: jo***@example.com', 'Suggestion: Finance'…",
    ),
  description: z.string(),
});

export const auditTrailSchema = z.object({
  entries: z.array(auditEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AuditEntry = z.output<typeof auditEntrySchema>;
export type AuditTrail = z.output<typeof auditTrailSchema>;
