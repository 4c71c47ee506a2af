import { Body, Controller, Get, Headers, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiBody, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply as Response, FastifyRequest as Request } from 'fastify';
import { answerLinkPost, linkPage, linkToken } from '../../shared/http/link-page.js';
import { ApiZodOk, openApiSchema } from '../../shared/http/zod.js';
import {
  earlyAccessStatusSchema,
  joinWaitlistRequestSchema,
  joinWaitlistResultSchema,
  type EarlyAccessStatus,
  type JoinWaitlistResult,
} from '../../../../contracts/early-access/waitlist.js';
import { CheckLeadConfirmationLink, ConfirmLead } from './confirm-lead.command.js';
import { GetEarlyAccessStatus } from './get-early-access-status.query.js';
import { JoinedLeads } from './joined-leads.js';
import { JoinWaitlist } from './join-waitlist.command.js';
import { LEAD_CONFIRMATION_PAGE, LEAD_CONFIRMATION_PATH } from './lead.events.js';

// The answers to a form post from a page of the API's own (the SPA's page posts JSON).
const INVALID = linkPage('This link is not valid', '<p>The confirmation link is incomplete or has expired.</p>');
const CONFIRMED = linkPage(
  'Your address is confirmed',
  '<p>Your place on the Unsheet list is yours for good, and friends who join through your link now count.</p>',
);

/** The waitlist: the Early Explorers status, joining the list, and confirming an address. */
@ApiTags('early-access')
@Controller('api')
export class WaitlistController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly joinedLeads: JoinedLeads,
  ) {}

  @Get('early-access/status')
  @ApiOperation({
    summary:
      'Spots taken (confirmed Explorers, plus pending leads up to a quarter of the free spots), Early Explorers mode (under 100) or wait-list, spots remaining',
  })
  @ApiZodOk(earlyAccessStatusSchema)
  status(): Promise<EarlyAccessStatus> {
    return this.queries.execute(new GetEarlyAccessStatus());
  }

  @Post('leads')
  @ApiOperation({
    summary: 'Join the Early Explorers or the wait-list',
    description:
      'The answer is the same for a new address and for one already on the list, unless this browser joined ' +
      'with it (a signed cookie): then alreadyJoined is true and the position and code are its own. Anyone ' +
      'else gets the answer a newcomer would get: the next position (used up, so the next join gets the one ' +
      "after) and the address's share-link code or a new code of the lead's (both count for it); the address " +
      'is e-mailed its real position and link.',
  })
  @ApiBody({ schema: openApiSchema(joinWaitlistRequestSchema, 'input') })
  @ApiResponse({ status: 201, description: 'Joined (alreadyJoined: false)', schema: openApiSchema(joinWaitlistResultSchema) })
  @ApiResponse({
    status: 200,
    description: 'This browser joined with the address already: its own position, nothing written',
    schema: openApiSchema(joinWaitlistResultSchema),
  })
  @ApiBadRequestResponse({ description: "{ code, message: 'Please enter a valid email address.', fields: { email } }" })
  async join(@Body() body: unknown, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<JoinWaitlistResult> {
    const { result, leadId } = await this.commands.execute(new JoinWaitlist(body, this.joinedLeads.context(request)));
    this.joinedLeads.remember(request, response, leadId);
    response.status(result.alreadyJoined ? 200 : 201);
    return result;
  }

  @Get(LEAD_CONFIRMATION_PATH.slice('/api/'.length))
  @ApiOperation({ summary: 'The link of older welcome e-mails: leads to the confirmation page (/confirm?token=…); changes nothing' })
  @ApiQuery({ name: 'token', required: true })
  @ApiResponse({ status: 302, description: 'To the confirmation page, with the same token' })
  confirmationLink(@Query('token') token: unknown, @Res() response: Response): void {
    void response.redirect(`${LEAD_CONFIRMATION_PAGE}?token=${encodeURIComponent(linkToken(token))}`, 302);
  }

  @Get(`${LEAD_CONFIRMATION_PATH.slice('/api/'.length)}/check`)
  @ApiOperation({ summary: 'Whether a confirmation link is valid (the confirmation page asks before showing its button); changes nothing' })
  @ApiQuery({ name: 'token', required: true })
  @ApiResponse({ status: 200, description: '{ valid: boolean }' })
  async checkConfirmationLink(@Query('token') token: unknown): Promise<{ valid: boolean }> {
    return { valid: await this.queries.execute(new CheckLeadConfirmationLink(linkToken(token))) };
  }

  @Post(LEAD_CONFIRMATION_PATH.slice('/api/'.length))
  @ApiOperation({ summary: "Confirm a lead's address: the page's button (answers a page), or JSON for other clients" })
  @ApiQuery({ name: 'token', required: true })
  async confirm(@Query('token') token: unknown, @Headers('accept') accept: string | undefined, @Res() response: Response): Promise<void> {
    await answerLinkPost(response, accept, () => this.commands.execute(new ConfirmLead(linkToken(token))), {
      done: CONFIRMED,
      invalid: INVALID,
      json: { confirmed: true },
    });
  }
}
