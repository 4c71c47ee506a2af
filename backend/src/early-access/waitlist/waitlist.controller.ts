import { Body, Controller, Get, Headers, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiBody, ApiOperation, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply as Response, FastifyRequest as Request } from 'fastify';
import { answerLinkPost, linkPage, linkToken, postButton, sendLinkPage } from '../../shared/http/link-page.js';
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
import { LEAD_CONFIRMATION_PATH } from './lead.events.js';

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
      'else gets a newcomer-like answer, and the address is e-mailed its real position and link.',
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
  @ApiOperation({ summary: 'The confirmation page (link in the welcome e-mail): asks before confirming; changes nothing' })
  @ApiQuery({ name: 'token', required: true })
  async confirmationPage(@Query('token') token: unknown, @Res() response: Response): Promise<void> {
    const valid = await this.queries.execute(new CheckLeadConfirmationLink(linkToken(token)));
    const form = `<p>Confirm that this address is yours, to keep your place on the list.</p>${postButton(LEAD_CONFIRMATION_PATH, linkToken(token), 'Confirm my address')}`;
    sendLinkPage(response, valid, linkPage('Confirm your place on the Unsheet list', form), INVALID);
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
