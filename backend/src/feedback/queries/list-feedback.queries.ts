/** The admin's lists of visitor messages, newest first (spec §7), read straight from the read models. */
import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DeveloperInquiry, QuickQuestion, Suggestion } from '../../../../contracts/feedback/views.js';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';

/** A row as the API sends it: the time as the ISO string JSON writes for it. */
function sent<Row extends { created_at: Date }>(rows: Row[]): (Omit<Row, 'created_at'> & { created_at: string })[] {
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}

export class ListSuggestions extends Query<Suggestion[]> {}
export class ListQuickQuestions extends Query<QuickQuestion[]> {}
export class ListDeveloperInquiries extends Query<DeveloperInquiry[]> {}

@QueryHandler(ListSuggestions)
export class ListSuggestionsHandler implements IQueryHandler<ListSuggestions> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute(): Promise<Suggestion[]> {
    const rows = await this.db
      .selectFrom('suggestions')
      .select(['id', 'email', 'suggestion_text', 'category', 'source_page', 'status', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    return sent(rows);
  }
}

@QueryHandler(ListQuickQuestions)
export class ListQuickQuestionsHandler implements IQueryHandler<ListQuickQuestions> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute(): Promise<QuickQuestion[]> {
    const rows = await this.db
      .selectFrom('quick_questions')
      .select(['id', 'name', 'email', 'message', 'status', 'admin_notes', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    return sent(rows);
  }
}

@QueryHandler(ListDeveloperInquiries)
export class ListDeveloperInquiriesHandler implements IQueryHandler<ListDeveloperInquiries> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute(): Promise<DeveloperInquiry[]> {
    const rows = await this.db
      .selectFrom('developer_inquiries')
      .select(['id', 'name', 'email', 'message', 'status', 'admin_notes', 'linkedin_url', 'portfolio_url', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    return sent(rows);
  }
}
