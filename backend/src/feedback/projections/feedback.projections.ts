/**
 * The admin's lists of visitor messages and their triage, inline so that a message is listed the moment it
 * is sent and a status change shows at once.
 */
import type { Trx } from '../../shared/db/tables.js';
import type { Projection } from '../../shared/projections/projection.js';
import type {
  DeveloperInquirySubmitted,
  DeveloperInquiryUpdated,
  QuickQuestionAsked,
  QuickQuestionUpdated,
  SuggestionStatusChanged,
  SuggestionSubmitted,
} from '../feedback.events.js';

export const suggestionsProjection: Projection<SuggestionSubmitted | SuggestionStatusChanged> = {
  name: 'suggestions',
  mode: 'inline',
  handles: ['SuggestionSubmitted', 'SuggestionStatusChanged'],
  tables: ['suggestions'],
  async handle(trx, events) {
    for (const event of events) {
      if (event.type === 'SuggestionStatusChanged') {
        await trx.updateTable('suggestions').set({ status: event.data.status }).where('id', '=', event.data.suggestionId).execute();
        continue;
      }
      const { data, createdAt } = event;
      await trx
        .insertInto('suggestions')
        .values({
          id: data.suggestionId,
          email: data.email,
          suggestion_text: data.text,
          category: data.category,
          source_page: data.sourcePage,
          created_at: createdAt,
        })
        .execute();
    }
  },
};

/** An admin update: the status always, the notes only when the event carries them. */
async function applyUpdate(
  trx: Trx,
  table: 'quick_questions' | 'developer_inquiries',
  id: string,
  { status, adminNotes }: { status: 'unread' | 'read' | 'replied'; adminNotes?: string },
): Promise<void> {
  await trx
    .updateTable(table)
    .set(adminNotes === undefined ? { status } : { status, admin_notes: adminNotes })
    .where('id', '=', id)
    .execute();
}

export const quickQuestionsProjection: Projection<QuickQuestionAsked | QuickQuestionUpdated> = {
  name: 'quick-questions',
  mode: 'inline',
  handles: ['QuickQuestionAsked', 'QuickQuestionUpdated'],
  tables: ['quick_questions'],
  async handle(trx, events) {
    for (const event of events) {
      if (event.type === 'QuickQuestionUpdated') {
        await applyUpdate(trx, 'quick_questions', event.data.questionId, event.data);
        continue;
      }
      const { data, createdAt } = event;
      await trx
        .insertInto('quick_questions')
        .values({
          id: data.questionId,
          name: data.name,
          email: data.email,
          message: data.message,
          admin_notes: null,
          created_at: createdAt,
        })
        .execute();
    }
  },
};

export const developerInquiriesProjection: Projection<DeveloperInquirySubmitted | DeveloperInquiryUpdated> = {
  name: 'developer-inquiries',
  mode: 'inline',
  handles: ['DeveloperInquirySubmitted', 'DeveloperInquiryUpdated'],
  tables: ['developer_inquiries'],
  async handle(trx, events) {
    for (const event of events) {
      if (event.type === 'DeveloperInquiryUpdated') {
        await applyUpdate(trx, 'developer_inquiries', event.data.inquiryId, event.data);
        continue;
      }
      const { data, createdAt } = event;
      await trx
        .insertInto('developer_inquiries')
        .values({
          id: data.inquiryId,
          name: data.name,
          email: data.email,
          message: data.message,
          portfolio_url: data.portfolioUrl,
          linkedin_url: data.linkedinUrl,
          admin_notes: null,
          created_at: createdAt,
        })
        .execute();
    }
  },
};
