import { Body, Controller, Get, Headers, Inject, Param, Post, Query, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiBody, ApiNotFoundResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../shared/config/config.js';
import { RateLimited } from '../../shared/http/rate-limit.js';
import { visitorLinkBase } from '../../shared/http/site-base.js';
import { CONFIG } from '../../shared/kernel.module.js';
import { ApiZodOk, ApiZodQuery, openApiSchema, ZodPipe } from '../../shared/http/zod.js';
import { REFERRAL_LOOKUPS } from '../early-access.rate-limits.js';
import { GetLeaderboard, leaderboardQuery } from './get-leaderboard.query.js';
import { GetReferral } from './get-referral.query.js';
import { IssueReferralCode } from './issue-referral-code.command.js';
import { RecordReferralClick, referralClickInput } from './record-referral-click.command.js';
import {
  issuedReferralCodeSchema,
  issueReferralCodeRequestSchema,
  leaderboardEntrySchema,
  referralStatsSchema,
  type IssuedReferralCode,
  type LeaderboardEntry,
  type ReferralStats,
} from '../../../../contracts/early-access/referral.js';

const codeParam = z.string().max(64);

/** Referral codes, the visits through share links, a code's stats and the leaderboard. */
@ApiTags('early-access')
@Controller('api')
export class ReferralsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Post('referral-codes')
  @ApiOperation({
    summary: 'Share-link generator: a referral code for an e-mail',
    description:
      'Every address gets one code of its own, the same each time, and clicks and joins through it count for ' +
      'that address, on the list or not: an address not on the list keeps it if it joins later (joining ' +
      'through its own code earns nothing); for an address on the list it is a second code of the lead, also ' +
      "e-mailed to the address. The answer looks the same either way, and a code's stats count only its own link.",
  })
  @ApiBody({ schema: openApiSchema(issueReferralCodeRequestSchema, 'input') })
  @ApiResponse({ status: 201, description: 'A code for the address', schema: openApiSchema(issuedReferralCodeSchema) })
  @ApiBadRequestResponse({ description: "{ code, message: 'Please enter a valid email address.', fields: { email } }" })
  issueReferralCode(@Body() body: unknown, @Req() request: FastifyRequest): Promise<IssuedReferralCode> {
    return this.commands.execute(new IssueReferralCode(body, visitorLinkBase(this.config, request)));
  }

  // Declared before referrals/:code so 'leaderboard' is not read as a code.
  @Get('referrals/leaderboard')
  @ApiOperation({
    summary: 'Top referrers by friends who joined through their link (8 by default), e-mails masked',
    description: 'Projected asynchronously: a join shows a moment later.',
  })
  @ApiZodQuery(leaderboardQuery)
  @ApiZodOk(z.array(leaderboardEntrySchema))
  leaderboard(@Query(new ZodPipe(leaderboardQuery)) query: z.output<typeof leaderboardQuery>): Promise<LeaderboardEntry[]> {
    return this.queries.execute(new GetLeaderboard(query.limit));
  }

  @Get('referrals/:code')
  @ApiOperation({
    summary: "A referral code's stats (get_stats) and its reward tiers",
    description:
      'The figures count this link alone, even when its owner has others. ' +
      'total_clicks: visits through the link (once per browser session); total_signups: friends who joined the ' +
      'list through it and confirmed their address (refused and voided referrals never count); ' +
      'total_conversions: the same (joining is the conversion counted until there are paying customers); ' +
      "revenue_lifetime: the referrer's 50% of referred customers' lifetime revenue, in USD, 0 for every code so " +
      'far. Projected asynchronously: a click or confirmation shows a moment later. At most ' +
      'REFERRAL_LOOKUPS_PER_MINUTE look-ups a minute per client.',
  })
  @ApiZodOk(referralStatsSchema)
  @RateLimited(REFERRAL_LOOKUPS)
  @ApiNotFoundResponse({ description: "Not a code (6 letters or digits): { code: 'REFERRAL.NOT_FOUND' }; a code nobody owns reads zeros" })
  referral(@Param('code', new ZodPipe(codeParam, 'code')) code: string): Promise<ReferralStats> {
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
  @ApiNotFoundResponse({
    description:
      "Not a code (6 letters or digits): { code: 'REFERRAL.NOT_FOUND' }; a code nobody owns is answered alike and writes nothing",
  })
  recordClick(
    @Param('code', new ZodPipe(codeParam, 'code')) code: string,
    @Body() body: unknown,
    @Headers('user-agent') userAgent: string | undefined,
  ) {
    return this.commands.execute(new RecordReferralClick(code, body, userAgent));
  }
}
