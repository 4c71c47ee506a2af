/**
 * A lead as the admin's list returns it (GET /api/admin/leads, newest first): the zod schema the API
 * documents its answer with in OpenAPI, and its type, which the API's query returns and the SPA reads.
 */
import { z } from 'zod';

export const leadSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  source_page: z.string().nullable(),
  created_at: z.iso.datetime(),
});

export type Lead = z.output<typeof leadSchema>;
