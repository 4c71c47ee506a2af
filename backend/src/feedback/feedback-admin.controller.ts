import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import {
  developerInquiryPageSchema,
  feedbackListQuery,
  quickQuestionPageSchema,
  suggestionPageSchema,
  type FeedbackListQuery,
} from '../../../contracts/feedback/views.js';
import { Actor, type ActingUser } from '../shared/http/acting-user.js';
import { ApiZodOk, ApiZodQuery, openApiSchema, ZodPipe } from '../shared/http/zod.js';
import {
  ChangeSuggestionStatus,
  messageUpdateInput,
  suggestionStatusInput,
  UpdateDeveloperInquiry,
  UpdateQuickQuestion,
} from './commands/triage-feedback.commands.js';
import { ListDeveloperInquiries, ListQuickQuestions, ListSuggestions } from './queries/list-feedback.queries.js';

const idParam = z.uuid({ error: 'Not an id' });
const updated = z.object({ id: z.uuid(), status: z.string() });

/** The admin's triage of suggestions, quick questions and developer inquiries (admin only: under api/admin/). */
@ApiTags('admin feedback')
@Controller('api/admin')
export class FeedbackAdminController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Get('suggestions')
  @ApiOperation({ summary: 'A page of suggestions, newest first, with the total' })
  @ApiZodQuery(feedbackListQuery)
  @ApiZodOk(suggestionPageSchema)
  suggestions(@Query(new ZodPipe(feedbackListQuery)) query: FeedbackListQuery) {
    return this.queries.execute(new ListSuggestions(query));
  }

  @Patch('suggestions/:id')
  @ApiOperation({ summary: "Set a suggestion's status (new, triaged, done)" })
  @ApiBody({ schema: openApiSchema(suggestionStatusInput, 'input') })
  @ApiZodOk(updated)
  @ApiNotFoundResponse({ description: "{ code: 'FEEDBACK.SUGGESTION_NOT_FOUND' }" })
  changeSuggestionStatus(@Param('id', new ZodPipe(idParam, 'id')) id: string, @Body() body: unknown, @Actor() actor: ActingUser) {
    return this.commands.execute(new ChangeSuggestionStatus(id, body, actor));
  }

  @Get('quick-questions')
  @ApiOperation({ summary: 'A page of quick questions, newest first, with the total and the unread and replied counts' })
  @ApiZodQuery(feedbackListQuery)
  @ApiZodOk(quickQuestionPageSchema)
  questions(@Query(new ZodPipe(feedbackListQuery)) query: FeedbackListQuery) {
    return this.queries.execute(new ListQuickQuestions(query));
  }

  @Patch('quick-questions/:id')
  @ApiOperation({ summary: "Set a question's status (unread, read, replied) and, when given, the admin notes" })
  @ApiBody({ schema: openApiSchema(messageUpdateInput, 'input') })
  @ApiZodOk(updated)
  @ApiNotFoundResponse({ description: "{ code: 'FEEDBACK.QUESTION_NOT_FOUND' }" })
  updateQuestion(@Param('id', new ZodPipe(idParam, 'id')) id: string, @Body() body: unknown, @Actor() actor: ActingUser) {
    return this.commands.execute(new UpdateQuickQuestion(id, body, actor));
  }

  @Get('developer-inquiries')
  @ApiOperation({ summary: 'A page of developer inquiries, newest first, with the total and the unread and replied counts' })
  @ApiZodQuery(feedbackListQuery)
  @ApiZodOk(developerInquiryPageSchema)
  inquiries(@Query(new ZodPipe(feedbackListQuery)) query: FeedbackListQuery) {
    return this.queries.execute(new ListDeveloperInquiries(query));
  }

  @Patch('developer-inquiries/:id')
  @ApiOperation({ summary: "Set an inquiry's status (unread, read, replied) and, when given, the admin notes" })
  @ApiBody({ schema: openApiSchema(messageUpdateInput, 'input') })
  @ApiZodOk(updated)
  @ApiNotFoundResponse({ description: "{ code: 'FEEDBACK.INQUIRY_NOT_FOUND' }" })
  updateInquiry(@Param('id', new ZodPipe(idParam, 'id')) id: string, @Body() body: unknown, @Actor() actor: ActingUser) {
    return this.commands.execute(new UpdateDeveloperInquiry(id, body, actor));
  }
}
