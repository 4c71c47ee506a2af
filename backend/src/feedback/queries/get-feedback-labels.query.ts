import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Db } from '../../shared/db/tables.js';
import { maskEmail } from '../../shared/validation/mask-email.js';
import { DB } from '../../shared/kernel.module.js';

export type FeedbackKind = 'suggestion' | 'question' | 'inquiry';

/**
 * What other modules show of a visitor message they hold the id of (the audit trail's Record column): a
 * suggestion's category, or else the sender's masked address ('jo***@example.com'); a question's or an
 * inquiry's sender's masked address. An id that names no message of the kind is left out.
 */
export class GetFeedbackLabels extends Query<Map<string, string>> {
  constructor(
    readonly kind: FeedbackKind,
    readonly ids: readonly string[],
  ) {
    super();
  }
}

const TABLES = { suggestion: 'suggestions', question: 'quick_questions', inquiry: 'developer_inquiries' } as const;

@QueryHandler(GetFeedbackLabels)
export class GetFeedbackLabelsHandler implements IQueryHandler<GetFeedbackLabels> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ kind, ids }: GetFeedbackLabels): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    if (kind === 'suggestion') {
      const rows = await this.db
        .selectFrom('suggestions')
        .select(['id', 'email', 'category'])
        .where('id', '=', (eb) => eb.fn.any(eb.val([...ids])))
        .execute();
      return new Map(rows.map((row) => [row.id, row.category || maskEmail(row.email)]));
    }
    const rows = await this.db
      .selectFrom(TABLES[kind])
      .select(['id', 'email'])
      .where('id', '=', (eb) => eb.fn.any(eb.val([...ids])))
      .execute();
    return new Map(rows.map((row) => [row.id, maskEmail(row.email)]));
  }
}
