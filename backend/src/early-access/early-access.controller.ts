import { Body, Controller, Get, Param, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiBody, ApiNotFoundResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import { z } from 'zod';
import { openApiSchema, ZodPipe } from '../shared/http/zod.js';
import { JoinWaitlist, joinWaitlistInput } from './commands/join-waitlist.command.js';
import { SubscribeToNewsletter, subscribeInput } from './commands/subscribe-to-newsletter.command.js';
import { GetEarlyAccessStatus } from './queries/get-early-access-status.query.js';
import { GetReferral } from './queries/get-referral.query.js';

const codeParam = z.string().max(64);

@ApiTags('early-access')
@Controller('api')
export class EarlyAccessController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
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

  @Get('referrals/:code')
  @ApiOperation({ summary: 'A referral code and how many friends joined through it' })
  @ApiNotFoundResponse({ description: "{ code: 'REFERRAL.NOT_FOUND' }" })
  referral(@Param('code', new ZodPipe(codeParam, 'code')) code: string) {
    return this.queries.execute(new GetReferral(code));
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
