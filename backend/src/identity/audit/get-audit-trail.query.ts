import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';
import { describeAuditEvent } from './audit-descriptions.js';

export const auditTrailQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(10_000).default(1).describe('1-based page (default 1)'),
  pageSize: z.coerce.number().int().min(1).max(100).default(25).describe('Entries per page (default 25, at most 100)'),
  stream: z.string().trim().min(1).max(200).optional().describe('Only the changes to this event stream'),
  subject: z
    .uuid({ error: 'Must be an id (uuid).' })
    .optional()
    .describe('Only the changes to this entity: its own stream (`<kind>-<id>`) or events naming it in their data'),
});
export type AuditTrailFilter = z.output<typeof auditTrailQuery>;

export const auditTrailSchema = z.object({
  entries: z.array(
    z.object({
      position: z.number().int().describe("The event's global position"),
      at: z.iso.datetime(),
      actor: z.object({ userId: z.string(), email: z.string().nullable().describe('null when the account is gone') }),
      type: z.string(),
      streamId: z.string(),
      description: z.string(),
    }),
  ),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type AuditTrail = z.infer<typeof auditTrailSchema>;

/** Who changed what and when: every event an acting user caused (metadata.userId), newest first. */
export class GetAuditTrail extends Query<AuditTrail> {
  constructor(readonly filter: AuditTrailFilter) {
    super();
  }
}

interface Row {
  position: number;
  at: Date;
  user_id: string;
  email: string | null;
  type: string;
  stream_id: string;
  data: Record<string, unknown>;
  total: number;
}

@QueryHandler(GetAuditTrail)
export class GetAuditTrailHandler implements IQueryHandler<GetAuditTrail> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ filter }: GetAuditTrail): Promise<AuditTrail> {
    const { page, pageSize, stream, subject } = filter;
    const byStream = stream === undefined ? sql`true` : sql`e.stream_id = ${stream}`;
    // `subject` is a uuid (validated), so it cannot carry LIKE wildcards.
    const bySubject =
      subject === undefined
        ? sql`true`
        : sql`(e.stream_id like ${`%-${subject}`} or jsonb_path_exists(e.data, '$.* ? (@ == $id)', jsonb_build_object('id', ${subject}::text)))`;
    // `metadata ? 'userId'` is the predicate of the partial index events_audit_idx. A bulk recording's rows
    // are replaced by their count and first row: descriptions need no more, and a page stays small.
    const { rows } = await sql<Row>`
      select e.global_position as position, e.created_at as at, e.metadata->>'userId' as user_id, u.email,
             e.type, e.stream_id,
             case when jsonb_typeof(e.data->'rows') = 'array'
                  then (e.data - 'rows') || jsonb_build_object('rowCount', jsonb_array_length(e.data->'rows'), 'firstRow', e.data->'rows'->0)
                  else e.data end as data,
             count(*) over () as total
      from events e
      left join users u on u.id::text = e.metadata->>'userId'
      where e.metadata ? 'userId' and ${byStream} and ${bySubject}
      order by e.global_position desc
      limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(this.db);
    const total = rows[0]?.total ?? (page > 1 ? await this.count(byStream, bySubject) : 0);
    return {
      entries: rows.map((row) => ({
        position: Number(row.position),
        at: new Date(row.at).toISOString(),
        actor: { userId: row.user_id, email: row.email },
        type: row.type,
        streamId: row.stream_id,
        description: describeAuditEvent(row.type, row.data),
      })),
      page,
      pageSize,
      total: Number(total),
    };
  }

  /** The total when the page asked for lies beyond the last one. */
  private async count(...where: ReturnType<typeof sql>[]): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from events e where e.metadata ? 'userId' and ${sql.join(where, sql` and `)}`.execute(this.db);
    return Number(rows[0]!.n);
  }
}
