/** The admin's lists of visitor messages, inline so that a message is listed the moment it is sent. */
import type { Projection } from '../../shared/projections/projection.js';
import type { DeveloperInquirySubmitted, QuickQuestionAsked, SuggestionSubmitted } from '../feedback.events.js';

export const suggestionsProjection: Projection<SuggestionSubmitted> = {
  name: 'suggestions',
  mode: 'inline',
  handles: ['SuggestionSubmitted'],
  tables: ['suggestions'],
  async handle(trx, events) {
    await trx
      .insertInto('suggestions')
      .values(
        events.map(({ data, createdAt }) => ({
          id: data.suggestionId,
          email: data.email,
          suggestion_text: data.text,
          category: data.category,
          source_page: data.sourcePage,
          created_at: createdAt,
        })),
      )
      .execute();
  },
};

export const quickQuestionsProjection: Projection<QuickQuestionAsked> = {
  name: 'quick-questions',
  mode: 'inline',
  handles: ['QuickQuestionAsked'],
  tables: ['quick_questions'],
  async handle(trx, events) {
    await trx
      .insertInto('quick_questions')
      .values(
        events.map(({ data, createdAt }) => ({
          id: data.questionId,
          name: data.name,
          email: data.email,
          message: data.message,
          admin_notes: null,
          created_at: createdAt,
        })),
      )
      .execute();
  },
};

export const developerInquiriesProjection: Projection<DeveloperInquirySubmitted> = {
  name: 'developer-inquiries',
  mode: 'inline',
  handles: ['DeveloperInquirySubmitted'],
  tables: ['developer_inquiries'],
  async handle(trx, events) {
    await trx
      .insertInto('developer_inquiries')
      .values(
        events.map(({ data, createdAt }) => ({
          id: data.inquiryId,
          name: data.name,
          email: data.email,
          message: data.message,
          portfolio_url: data.portfolioUrl,
          linkedin_url: data.linkedinUrl,
          admin_notes: null,
          created_at: createdAt,
        })),
      )
      .execute();
  },
};
