/**
 * The admin's lists of visitor messages, newest first (spec §7), a page at a time (contracts/paging.ts),
 * read straight from the read models: the page, the list's total and, for questions and inquiries, the
 * Unread and Replied counts over the whole list.
 */
import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import type { DeveloperInquiryPage, FeedbackListQuery, QuickQuestionPage, SuggestionPage } from '../../../../contracts/feedback/views.js';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';

/** A row as the API sends it: the time as the ISO string JSON writes for it. */
function sent<Row extends { created_at: Date }>(rows: Row[]): (Omit<Row, 'created_at'> & { created_at: string })[] {
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}

export class ListSuggestions extends Query<SuggestionPage> {
  constructor(readonly query: FeedbackListQuery) {
    super();
  }
}
export class ListQuickQuestions extends Query<QuickQuestionPage> {
  constructor(readonly query: FeedbackListQuery) {
    super();
  }
}
export class ListDeveloperInquiries extends Query<DeveloperInquiryPage> {
  constructor(readonly query: FeedbackListQuery) {
    super();
  }
}

/** The list's total and, for messages, how many are unread and replied, in one pass over the table. */
async function countsOf(db: Db, table: 'suggestions' | 'quick_questions' | 'developer_inquiries') {
  const { rows } = await sql<{ total: number; unread: number; replied: number }>`
    select count(*)::int as total,
      count(*) filter (where status = 'unread')::int as unread,
      count(*) filter (where status = 'replied')::int as replied
    from ${sql.table(table)}`.execute(db);
  return rows[0]!;
}

@QueryHandler(ListSuggestions)
export class ListSuggestionsHandler implements IQueryHandler<ListSuggestions> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ query: { page, pageSize } }: ListSuggestions): Promise<SuggestionPage> {
    const [rows, { total }] = await Promise.all([
      this.db
        .selectFrom('suggestions')
        .select(['id', 'email', 'suggestion_text', 'category', 'source_page', 'status', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      countsOf(this.db, 'suggestions'),
    ]);
    return { items: sent(rows), page, pageSize, total, filtered: total };
  }
}

@QueryHandler(ListQuickQuestions)
export class ListQuickQuestionsHandler implements IQueryHandler<ListQuickQuestions> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ query: { page, pageSize } }: ListQuickQuestions): Promise<QuickQuestionPage> {
    const [rows, counts] = await Promise.all([
      this.db
        .selectFrom('quick_questions')
        .select(['id', 'name', 'email', 'message', 'status', 'admin_notes', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      countsOf(this.db, 'quick_questions'),
    ]);
    return { items: sent(rows), page, pageSize, filtered: counts.total, ...counts };
  }
}

@QueryHandler(ListDeveloperInquiries)
export class ListDeveloperInquiriesHandler implements IQueryHandler<ListDeveloperInquiries> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ query: { page, pageSize } }: ListDeveloperInquiries): Promise<DeveloperInquiryPage> {
    const [rows, counts] = await Promise.all([
      this.db
        .selectFrom('developer_inquiries')
        .select(['id', 'name', 'email', 'message', 'status', 'admin_notes', 'linkedin_url', 'portfolio_url', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(pageSize)
        .offset((page - 1) * pageSize)
        .execute(),
      countsOf(this.db, 'developer_inquiries'),
    ]);
    return { items: sent(rows), page, pageSize, filtered: counts.total, ...counts };
  }
}
