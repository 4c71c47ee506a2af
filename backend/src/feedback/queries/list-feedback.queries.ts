/** The admin's lists of visitor messages, newest first (spec §7), read straight from the read models. */
import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';
import { MESSAGE_STATUSES, SUGGESTION_STATUSES } from '../feedback.events.js';
import type { DeveloperInquiriesTable, QuickQuestionsTable, SuggestionsTable } from '../feedback.tables.js';

export const suggestionViewSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  suggestion_text: z.string(),
  category: z.string().nullable(),
  source_page: z.string().nullable(),
  status: z.enum(SUGGESTION_STATUSES),
  created_at: z.iso.datetime(),
});

export const quickQuestionViewSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  admin_notes: z.string().nullable(),
  created_at: z.iso.datetime(),
});

export const developerInquiryViewSchema = quickQuestionViewSchema.extend({
  linkedin_url: z.string().nullable(),
  portfolio_url: z.string().nullable(),
});

export class ListSuggestions extends Query<Selectable<SuggestionsTable>[]> {}
export class ListQuickQuestions extends Query<Selectable<QuickQuestionsTable>[]> {}
export class ListDeveloperInquiries extends Query<Selectable<DeveloperInquiriesTable>[]> {}

@QueryHandler(ListSuggestions)
export class ListSuggestionsHandler implements IQueryHandler<ListSuggestions> {
  constructor(@Inject(DB) private readonly db: Db) {}

  execute() {
    return this.db
      .selectFrom('suggestions')
      .select(['id', 'email', 'suggestion_text', 'category', 'source_page', 'status', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }
}

@QueryHandler(ListQuickQuestions)
export class ListQuickQuestionsHandler implements IQueryHandler<ListQuickQuestions> {
  constructor(@Inject(DB) private readonly db: Db) {}

  execute() {
    return this.db
      .selectFrom('quick_questions')
      .select(['id', 'name', 'email', 'message', 'status', 'admin_notes', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }
}

@QueryHandler(ListDeveloperInquiries)
export class ListDeveloperInquiriesHandler implements IQueryHandler<ListDeveloperInquiries> {
  constructor(@Inject(DB) private readonly db: Db) {}

  execute() {
    return this.db
      .selectFrom('developer_inquiries')
      .select(['id', 'name', 'email', 'message', 'status', 'admin_notes', 'linkedin_url', 'portfolio_url', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }
}
