import { Controller, Get, Header, HttpCode, Post, Query, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { FastifyReply as Response } from 'fastify';
import { ValidationError } from '../../shared/errors/domain-error.js';
import { UnsubscribeFromEmails } from './unsubscribe.command.js';

export const UNSUBSCRIBE_PATH = '/api/emails/unsubscribe';

/**
 * The link in marketing e-mails (GET, for people) and its one-click form (POST, RFC 8058, for mail clients).
 * A mail client posts `List-Unsubscribe=One-Click` as a form, not JSON: the body is ignored, the token in
 * the query is the whole input (bootstrap.ts lets this one API route take a body that is not JSON).
 */
@ApiTags('notifications')
@Controller(UNSUBSCRIBE_PATH.slice(1))
export class UnsubscribeController {
  constructor(private readonly commands: CommandBus) {}

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  @ApiOperation({ summary: 'Unsubscribe from marketing e-mail (link in the e-mail); answers an HTML page' })
  @ApiQuery({ name: 'token', required: true })
  async page(@Query('token') token: unknown, @Res() response: Response): Promise<void> {
    try {
      await this.commands.execute(new UnsubscribeFromEmails(typeof token === 'string' ? token.slice(0, 1000) : ''));
      response
        .status(200)
        .type('text/html; charset=utf-8')
        .send(page("You're unsubscribed", 'You will not receive Unsheet marketing e-mails any more.'));
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      response
        .status(400)
        .type('text/html; charset=utf-8')
        .send(page('This link is not valid', 'The unsubscribe link is incomplete or has expired.'));
    }
  }

  @Post()
  @HttpCode(200)
  @ApiOperation({ summary: 'One-click unsubscribe (List-Unsubscribe-Post)' })
  @ApiQuery({ name: 'token', required: true })
  async oneClick(@Query('token') token: unknown): Promise<{ unsubscribed: true }> {
    await this.commands.execute(new UnsubscribeFromEmails(typeof token === 'string' ? token.slice(0, 1000) : ''));
    return { unsubscribed: true };
  }
}

function page(title: string, text: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${title} | Unsheet</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem">
<h1>${title}</h1><p>${text}</p><p><a href="/">Back to Unsheet</a></p></body></html>`;
}
