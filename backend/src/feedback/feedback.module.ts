import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AskQuickQuestionHandler, SubmitDeveloperInquiryHandler, SubmitSuggestionHandler } from './commands/submit-feedback.commands.js';
import {
  ChangeSuggestionStatusHandler,
  UpdateDeveloperInquiryHandler,
  UpdateQuickQuestionHandler,
} from './commands/triage-feedback.commands.js';
import { FeedbackAdminController } from './feedback-admin.controller.js';
import { FeedbackController } from './feedback.controller.js';
import { CountSuggestionsHandler } from './queries/count-suggestions.query.js';
import { GetFeedbackLabelsHandler } from './queries/get-feedback-labels.query.js';
import { ListDeveloperInquiriesHandler, ListQuickQuestionsHandler, ListSuggestionsHandler } from './queries/list-feedback.queries.js';

/** Suggestions, quick questions and developer inquiries, and the admin's triage of them. */
@Module({
  imports: [CqrsModule],
  controllers: [FeedbackController, FeedbackAdminController],
  providers: [
    SubmitSuggestionHandler,
    AskQuickQuestionHandler,
    SubmitDeveloperInquiryHandler,
    ChangeSuggestionStatusHandler,
    UpdateQuickQuestionHandler,
    UpdateDeveloperInquiryHandler,
    ListSuggestionsHandler,
    ListQuickQuestionsHandler,
    ListDeveloperInquiriesHandler,
    GetFeedbackLabelsHandler,
    CountSuggestionsHandler,
  ],
})
export class FeedbackModule {}
