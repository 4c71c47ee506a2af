import { Body, Controller, Get, Headers, HttpCode, HttpStatus, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiBody, ApiNotFoundResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply as Response } from 'fastify';
import { z } from 'zod';
import type { Config } from '../shared/config/config.js';
import { ApiZodOk, ApiZodQuery, openApiSchema, ZodPipe } from '../shared/http/zod.js';
import { CONFIG } from '../shared/kernel.module.js';
import { IssueReferralCode, issueReferralCodeInput } from './commands/issue-referral-code.command.js';
import { JoinWaitlist, joinWaitlistInput } from './commands/join-waitlist.command.js';
import { RecordReferralClick, referralClickInput } from './commands/record-referral-click.command.js';
import { SubmitQuiz, submitQuizInput } from './commands/submit-quiz.command.js';
import { SubscribeToNewsletter, subscribeInput } from './commands/subscribe-to-newsletter.command.js';
import { GetEarlyAccessStatus } from './queries/get-early-access-status.query.js';
import { GetLeaderboard, leaderboardEntrySchema, leaderboardQuery } from './queries/get-leaderboard.query.js';
import { GetQuizQuestion, quizQuestionInput, quizQuestionSchema } from './queries/get-quiz-question.query.js';
import { GetReferral, referralStatsSchema } from './queries/get-referral.query.js';
import { ListActiveCampaigns, viralCampaignSchema } from './queries/list-active-campaigns.query.js';

const codeParam = z.string().max(64);

@ApiTags('early-access')
@Controller('api')
export class EarlyAccessController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Get('early-access/status')
  @ApiOperation({ summary: 'Lead count, Early Explorers mode (under 100 leads) or wait-list, spots remaining' })
  status() {
    return this.queries.execute(new GetEarlyAccessStatus());
  }

  @Post('leads')
  @ApiOperation({ summary: 'Join the Early Explorers (first 100) or the wait-list; a known e-mail gets its position back' })
  @ApiBody({ schema: openApiSchema(joinWaitlistInput, 'input') })
  @ApiResponse({ status: 201, description: '{ position, refCode, spotsLeft, alreadyJoined: false }' })
  @ApiResponse({ status: 200, description: 'Already joined: the existing position, nothing written' })
  @ApiBadRequestResponse({ description: "{ code, message: 'Please enter a valid email address.', fields: { email } }" })
  async join(@Body() body: unknown, @Res({ passthrough: true }) response: Response) {
    const result = await this.commands.execute(new JoinWaitlist(body));
    response.status(result.alreadyJoined ? 200 : 201);
    return result;
  }

  @Post('referral-codes')
  @ApiOperation({
    summary: 'Share-link generator: the referral code of an e-mail',
    description:
      'A lead gets the code it joined with. Another address gets a code of its own without being put on the ' +
      'list, and keeps that code if it joins later; joining through its own code earns nothing.',
  })
  @ApiBody({ schema: openApiSchema(issueReferralCodeInput, 'input') })
  @ApiResponse({ status: 201, description: '{ code, issued: true }: a new code' })
  @ApiResponse({ status: 200, description: '{ code, issued: false }: the code the address already had' })
  @ApiBadRequestResponse({ description: "{ code, message: 'Please enter a valid email address.', fields: { email } }" })
  async issueReferralCode(@Body() body: unknown, @Res({ passthrough: true }) response: Response) {
    const result = await this.commands.execute(new IssueReferralCode(body));
    response.status(result.issued ? 201 : 200);
    return result;
  }

  // Declared before referrals/:code so 'leaderboard' is not read as a code.
  @Get('referrals/leaderboard')
  @ApiOperation({
    summary: 'Top referrers by friends who joined through their link (8 by default), e-mails masked',
    description: 'Projected asynchronously: a join shows a moment later.',
  })
  @ApiZodQuery(leaderboardQuery)
  @ApiZodOk(z.array(leaderboardEntrySchema))
  leaderboard(@Query(new ZodPipe(leaderboardQuery)) query: z.output<typeof leaderboardQuery>) {
    return this.queries.execute(new GetLeaderboard(query.limit));
  }

  @Get('referrals/:code')
  @ApiOperation({
    summary: "A referral code's stats (get_stats) and its reward tiers",
    description:
      'total_clicks: visits through the link (once per browser session); total_signups: friends who joined the ' +
      'list through it; total_conversions: the same joins (joining is the conversion counted until there are ' +
      "paying customers); revenue_lifetime: the referrer's 50% of referred customers' lifetime revenue, in USD, " +
      '0 for every code so far. Projected asynchronously: a click or join shows a moment later.',
  })
  @ApiZodOk(referralStatsSchema)
  @ApiNotFoundResponse({ description: "{ code: 'REFERRAL.NOT_FOUND' }" })
  referral(@Param('code', new ZodPipe(codeParam, 'code')) code: string) {
    return this.queries.execute(new GetReferral(code));
  }

  @Post('referrals/:code/clicks')
  @ApiOperation({
    summary: 'Record a visit through a share link',
    description:
      'The platform is worked out here from via, then utm_source, then the referrer (twitter, linkedin, ' +
      'whatsapp, facebook, reddit, telegram, email, direct, other); the user agent is read from the request ' +
      'header. The site sends this once per browser session.',
  })
  @ApiBody({ schema: openApiSchema(referralClickInput, 'input'), required: false })
  @ApiResponse({ status: 201, description: '{ platform }' })
  @ApiNotFoundResponse({ description: "Unknown code: { code: 'REFERRAL.NOT_FOUND' }, nothing written" })
  recordClick(
    @Param('code', new ZodPipe(codeParam, 'code')) code: string,
    @Body() body: unknown,
    @Headers('user-agent') userAgent: string | undefined,
  ) {
    return this.commands.execute(new RecordReferralClick(code, body, userAgent));
  }

  @Post('quiz/questions')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'The next quiz question (generate_question) for the answers so far, the page and the app',
    description:
      'Ours and deterministic; when LLM_BASE_URL and LLM_MODEL are set, an OpenAI-compatible model may reword ' +
      'it (source: llm), within LLM_TIMEOUT_MS, otherwise our wording is returned. Option values never change.',
  })
  @ApiBody({ schema: openApiSchema(quizQuestionInput, 'input') })
  @ApiZodOk(quizQuestionSchema)
  @ApiBadRequestResponse({ description: '{ code, message, fields }' })
  quizQuestion(@Body() body: unknown) {
    return this.queries.execute(new GetQuizQuestion(body));
  }

  @Post('quiz-results')
  @ApiOperation({
    summary: 'Finish the quiz: a recommended app, the result kept, and the e-mail put on the list (source quiz)',
    description: 'answers: the four steps in order, each { question, answer } (answer: the chosen option value).',
  })
  @ApiBody({ schema: openApiSchema(submitQuizInput, 'input') })
  @ApiResponse({ status: 201, description: '{ id, recommendedApp: { slug, name, description, category } | null, reason, lead }' })
  @ApiBadRequestResponse({ description: "{ code, message, fields: { email | answers: 'Please answer all 4 questions.' } }" })
  submitQuiz(@Body() body: unknown) {
    return this.commands.execute(new SubmitQuiz(body));
  }

  @Get('viral-campaigns')
  @ApiOperation({ summary: 'The active viral campaigns (the spec: viral_campaigns where is_active), newest first' })
  @ApiZodOk(z.array(viralCampaignSchema))
  viralCampaigns() {
    return this.queries.execute(new ListActiveCampaigns());
  }

  @Get('conversion-tracking')
  @ApiOperation({
    summary: 'The conversion-tracking settings the browser uses after a submit',
    description: 'GOOGLE_ADS_ID and CONVERSION_PAGE_URL; null when not configured (then nothing is called).',
  })
  @ApiZodOk(z.object({ googleAdsId: z.string().nullable(), conversionPageUrl: z.string().nullable() }))
  conversionTracking() {
    return { googleAdsId: this.config.GOOGLE_ADS_ID ?? null, conversionPageUrl: this.config.CONVERSION_PAGE_URL ?? null };
  }

  @Post('newsletter/subscriptions')
  @ApiOperation({ summary: 'Subscribe an e-mail address to the newsletter' })
  @ApiBody({ schema: openApiSchema(subscribeInput, 'input') })
  @ApiResponse({ status: 201, description: 'Subscribed' })
  @ApiResponse({ status: 200, description: 'Already subscribed (nothing written)' })
  @ApiBadRequestResponse({ description: "{ code, message: 'Please enter a valid email address.', fields: { email } }" })
  async subscribe(@Body() body: unknown, @Res({ passthrough: true }) response: Response) {
    const { alreadySubscribed } = await this.commands.execute(new SubscribeToNewsletter(body));
    response.status(alreadySubscribed ? 200 : 201);
    return { subscribed: true };
  }
}
