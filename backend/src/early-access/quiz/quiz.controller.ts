import { Body, Controller, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply as Response, FastifyRequest as Request } from 'fastify';
import { ApiZodOk, openApiSchema } from '../../shared/http/zod.js';
import { JoinedLeads } from '../waitlist/joined-leads.js';
import { GetQuizQuestion } from './get-quiz-question.query.js';
import { SubmitQuiz } from './submit-quiz.command.js';
import {
  quizOutcomeSchema,
  quizQuestionAnswerSchema,
  quizQuestionRequestSchema,
  submitQuizRequestSchema,
  type QuizOutcome,
  type QuizQuestionAnswer,
} from '../../../../contracts/early-access/quiz-api.js';

/** The quiz: its next question and its result. */
@ApiTags('early-access')
@Controller('api')
export class QuizController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly joinedLeads: JoinedLeads,
  ) {}

  @Post('quiz/questions')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'The next quiz question (generate_question) for the answers so far, the page and the app',
    description:
      'Ours and deterministic; when LLM_BASE_URL and LLM_MODEL are set, an OpenAI-compatible model may reword ' +
      'it (source: llm), within LLM_TIMEOUT_MS, otherwise our wording is returned. Option values never change.',
  })
  @ApiBody({ schema: openApiSchema(quizQuestionRequestSchema, 'input') })
  @ApiZodOk(quizQuestionAnswerSchema)
  @ApiBadRequestResponse({ description: '{ code, message, fields }' })
  quizQuestion(@Body() body: unknown): Promise<QuizQuestionAnswer> {
    return this.queries.execute(new GetQuizQuestion(body));
  }

  @Post('quiz-results')
  @ApiOperation({
    summary: 'Finish the quiz: a recommended app, the result kept, and the e-mail put on the list (source quiz)',
    description: 'answers: the four steps in order, each { question, answer } (answer: the chosen option value).',
  })
  @ApiBody({ schema: openApiSchema(submitQuizRequestSchema, 'input') })
  @ApiResponse({ status: 201, description: 'The recommendation, and the place on the list', schema: openApiSchema(quizOutcomeSchema) })
  @ApiBadRequestResponse({ description: "{ code, message, fields: { email | answers: 'Please answer all 4 questions.' } }" })
  async submitQuiz(@Body() body: unknown, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<QuizOutcome> {
    const { leadId, ...outcome } = await this.commands.execute(new SubmitQuiz(body, this.joinedLeads.context(request)));
    this.joinedLeads.remember(request, response, leadId);
    return outcome;
  }
}
