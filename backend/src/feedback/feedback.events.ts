import type { Event } from '../shared/event-store/events.js';

export type SuggestionSubmitted = Event<
  'SuggestionSubmitted',
  { suggestionId: string; email: string; text: string; category: string | null; sourcePage: string | null }
>;

export type QuickQuestionAsked = Event<'QuickQuestionAsked', { questionId: string; name: string; email: string; message: string }>;

export type DeveloperInquirySubmitted = Event<
  'DeveloperInquirySubmitted',
  {
    inquiryId: string;
    name: string;
    email: string;
    message: string;
    portfolioUrl: string | null;
    linkedinUrl: string | null;
  }
>;
