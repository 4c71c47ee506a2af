import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import {
  AskQuickQuestionHandler,
  SubmitDeveloperInquiryHandler,
  SubmitSuggestionHandler,
} from './commands/submit-feedback.commands.js';
import { FeedbackController } from './feedback.controller.js';

/** Suggestions, quick questions and developer inquiries (their triage comes with the admin console). */
@Module({
  imports: [CqrsModule],
  controllers: [FeedbackController],
  providers: [SubmitSuggestionHandler, AskQuickQuestionHandler, SubmitDeveloperInquiryHandler],
})
export class FeedbackModule {}
