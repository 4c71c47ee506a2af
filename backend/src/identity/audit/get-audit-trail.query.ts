import { Inject } from '@nestjs/common';
import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import type { AuditTrail, AuditTrailFilter } from '../../../../contracts/identity/audit.js';
import { GetAppLabels } from '../../catalogue/queries/get-app-labels.query.js';
import { GetLeadLabels } from '../../early-access/waitlist/get-lead-labels.query.js';
import { GetFeedbackLabels } from '../../feedback/queries/get-feedback-labels.query.js';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';
import { describeAuditEvent } from './audit-descriptions.js';
import { recordOf, type RecordRef } from './audit-records.js';

/**
 * Who changed what and when: every change an administrator made (an event with an acting user,
 * metadata.userId), newest first. What an account did to itself (a visitor resetting their own password, on
 * their own stream `user-<id>`) is not an administrator's change, and is left out.
 */
export class GetAuditTrail extends Query<AuditTrail> {
  constructor(readonly filter: AuditTrailFilter) {
    super();
  }
}

/**
 * An event an acting user caused on anything but their own account. `metadata ? 'userId'` is the predicate of
 * the partial index events_audit_idx.
 */
const ADMIN_CHANGE = sql`e.metadata ? 'userId' and e.stream_id <> ('user-' || (e.metadata->>'userId'))`;

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
  constructor(
    @Inject(DB) private readonly db: Db,
    private readonly queries: QueryBus,
  ) {}

  async execute({ filter }: GetAuditTrail): Promise<AuditTrail> {
    const { page, pageSize, stream, subject } = filter;
    const byStream = stream === undefined ? sql`true` : sql`e.stream_id = ${stream}`;
    // `subject` is a uuid (validated), so it cannot carry LIKE wildcards.
    const bySubject =
      subject === undefined
        ? sql`true`
        : sql`(e.stream_id like ${`%-${subject}`} or jsonb_path_exists(e.data, '$.* ? (@ == $id)', jsonb_build_object('id', ${subject}::text)))`;
    // A bulk recording's rows are replaced by their count and first row: descriptions need no more, and a
    // page stays small.
    const { rows } = await sql<Row>`
      select e.global_position as position, e.created_at as at, e.metadata->>'userId' as user_id, u.email,
             e.type, e.stream_id,
             case when jsonb_typeof(e.data->'rows') = 'array'
                  then (e.data - 'rows') || jsonb_build_object('rowCount', jsonb_array_length(e.data->'rows'), 'firstRow', e.data->'rows'->0)
                  else e.data end as data,
             count(*) over () as total
      from events e
      left join users u on u.id::text = e.metadata->>'userId'
      where ${ADMIN_CHANGE} and ${byStream} and ${bySubject}
      order by e.global_position desc
      limit ${pageSize} offset ${(page - 1) * pageSize}`.execute(this.db);
    const total = rows[0]?.total ?? (page > 1 ? await this.count(byStream, bySubject) : 0);
    const names = await this.names(rows.map((row) => recordOf(row.stream_id)));
    return {
      entries: rows.map((row) => ({
        position: Number(row.position),
        at: new Date(row.at).toISOString(),
        actor: { userId: row.user_id, email: row.email },
        type: row.type,
        streamId: row.stream_id,
        record: names(recordOf(row.stream_id)),
        description: describeAuditEvent(row.type, row.data),
      })),
      page,
      pageSize,
      total: Number(total),
    };
  }

  /**
   * The records' names, each asked of the module that owns it (one query per kind on the page); a record its
   * module no longer knows is named by its kind.
   */
  private async names(records: RecordRef[]): Promise<(record: RecordRef) => string> {
    const idsOf = (kind: RecordRef['kind']) => [
      ...new Set(records.flatMap((record) => (record.kind === kind && 'id' in record ? [record.id] : []))),
    ];
    const [apps, leads, suggestions, questions, inquiries, users] = await Promise.all([
      this.queries.execute(new GetAppLabels(idsOf('app'))),
      this.queries.execute(new GetLeadLabels(idsOf('lead'))),
      this.queries.execute(new GetFeedbackLabels('suggestion', idsOf('suggestion'))),
      this.queries.execute(new GetFeedbackLabels('question', idsOf('question'))),
      this.queries.execute(new GetFeedbackLabels('inquiry', idsOf('inquiry'))),
      this.accounts(idsOf('user')),
    ]);
    const found: Record<string, Map<string, string> | undefined> = {
      app: new Map([...apps].map(([id, app]) => [id, app.name])),
      lead: leads,
      suggestion: suggestions,
      question: questions,
      inquiry: inquiries,
      user: users,
    };
    return (record) => {
      if (!('id' in record)) return record.label;
      const name = found[record.kind]?.get(record.id);
      return name === undefined ? `${record.label} (deleted)` : `${record.label}: ${name}`;
    };
  }

  /** The accounts' addresses (identity's own table). */
  private async accounts(ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('id', '=', (eb) => eb.fn.any(eb.val(ids)))
      .execute();
    return new Map(rows.map((row) => [row.id, row.email]));
  }

  /** The total when the page asked for lies beyond the last one. */
  private async count(...where: ReturnType<typeof sql>[]): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from events e where ${ADMIN_CHANGE} and ${sql.join(where, sql` and `)}`.execute(this.db);
    return Number(rows[0]!.n);
  }
}
