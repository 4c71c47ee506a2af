import type { MessageStatus, SuggestionStatus } from '../../../contracts/feedback/fields.js';
import type { Event } from '../shared/event-store/events.js';

/** `searchId`: made from a site search that found nothing (absent on suggestions from before searches were linked). */
export type SuggestionSubmitted = Event<
  'SuggestionSubmitted',
  {
    suggestionId: string;
    email: string;
    text: string;
    category: string | null;
    sourcePage: string | null;
    searchId?: string | null;
  }
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

/** The admin triaged a suggestion (spec §4: any status from any other). */
export type SuggestionStatusChanged = Event<'SuggestionStatusChanged', { suggestionId: string; status: SuggestionStatus }>;

/** The admin set a question's status and, when given, its notes (no `adminNotes`: the notes stay as they were). */
export type QuickQuestionUpdated = Event<'QuickQuestionUpdated', { questionId: string; status: MessageStatus; adminNotes?: string }>;

export type DeveloperInquiryUpdated = Event<'DeveloperInquiryUpdated', { inquiryId: string; status: MessageStatus; adminNotes?: string }>;
