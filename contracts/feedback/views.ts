/**
 * What the admin's feedback lists return (GET /api/admin/suggestions, /quick-questions, /developer-inquiries),
 * newest first, a page at a time (contracts/paging.ts): zod schemas, which the API validates queries and
 * documents its answers with in OpenAPI, and their types, which its queries return and the SPA reads.
 * Timestamps are ISO-8601 strings.
 */
import { z } from 'zod';
import { pageParams, pageSchema } from '../page-query.js';
import { MESSAGE_STATUSES, SUGGESTION_STATUSES } from './fields.js';

export const feedbackListQuery = z.strictObject({ ...pageParams });
export type FeedbackListQuery = z.output<typeof feedbackListQuery>;

export const suggestionSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  suggestion_text: z.string(),
  category: z.string().nullable(),
  source_page: z.string().nullable(),
  status: z.enum(SUGGESTION_STATUSES),
  created_at: z.iso.datetime(),
});

export const quickQuestionSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  message: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  admin_notes: z.string().nullable(),
  created_at: z.iso.datetime(),
});

export const developerInquirySchema = quickQuestionSchema.extend({
  linkedin_url: z.string().nullable(),
  portfolio_url: z.string().nullable(),
});

export type Suggestion = z.output<typeof suggestionSchema>;
export type QuickQuestion = z.output<typeof quickQuestionSchema>;
export type DeveloperInquiry = z.output<typeof developerInquirySchema>;

export const suggestionPageSchema = pageSchema(suggestionSchema);
/** A page of questions or inquiries, with the Total, Unread and Replied cards' figures over the whole list. */
export const quickQuestionPageSchema = pageSchema(quickQuestionSchema).extend({ unread: z.number().int(), replied: z.number().int() });
export const developerInquiryPageSchema = pageSchema(developerInquirySchema).extend({
  unread: z.number().int(),
  replied: z.number().int(),
});

export type SuggestionPage = z.output<typeof suggestionPageSchema>;
export type QuickQuestionPage = z.output<typeof quickQuestionPageSchema>;
export type DeveloperInquiryPage = z.output<typeof developerInquiryPageSchema>;
