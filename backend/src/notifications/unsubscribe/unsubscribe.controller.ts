import { Controller, Get, Headers, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply as Response } from 'fastify';
import { answerLinkPost, linkPage, linkToken, postButton, sendLinkPage } from '../../shared/http/link-page.js';
import { CheckUnsubscribeLink, UnsubscribeFromEmails } from './unsubscribe.command.js';

export const UNSUBSCRIBE_PATH = '/api/emails/unsubscribe';

const INVALID = linkPage('This link is not valid', '<p>The unsubscribe link is incomplete or has expired.</p>');
const DONE = linkPage("You're unsubscribed", '<p>You will not receive Unsheet marketing e-mails any more.</p>');

/**
 * The link in marketing e-mails. Following it (GET, or HEAD from a link scanner) changes nothing: it opens a
 * page with one button, which posts the same link. The POST unsubscribes, and is also RFC 8058's one-click
 * form: a mail client posts `List-Unsubscribe=One-Click` as a form, not JSON, so the body is ignored and the
 * token in the query is the whole input (bootstrap.ts lets this one API route take a body that is not JSON).
 */
@ApiTags('notifications')
@Controller(UNSUBSCRIBE_PATH.slice(1))
export class UnsubscribeController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'The unsubscribe page (link in the e-mail): asks before unsubscribing; changes nothing' })
  @ApiQuery({ name: 'token', required: true })
  async page(@Query('token') token: unknown, @Res() response: Response): Promise<void> {
    const valid = await this.queries.execute(new CheckUnsubscribeLink(linkToken(token)));
    const form = `<p>Stop receiving Unsheet marketing e-mails at this address?</p>${postButton(UNSUBSCRIBE_PATH, linkToken(token), 'Unsubscribe')}`;
    sendLinkPage(response, valid, linkPage('Unsubscribe from Unsheet e-mails', form), INVALID);
  }

  @Post()
  @ApiOperation({ summary: "Unsubscribe: the page's button (answers a page) and one-click List-Unsubscribe-Post (answers JSON)" })
  @ApiQuery({ name: 'token', required: true })
  async unsubscribe(
    @Query('token') token: unknown,
    @Headers('accept') accept: string | undefined,
    @Res() response: Response,
  ): Promise<void> {
    await answerLinkPost(response, accept, () => this.commands.execute(new UnsubscribeFromEmails(linkToken(token))), {
      done: DONE,
      invalid: INVALID,
      json: { unsubscribed: true },
    });
  }
}
