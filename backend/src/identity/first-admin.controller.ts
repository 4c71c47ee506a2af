import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiBody, ApiForbiddenResponse, ApiOperation, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import type { FastifyReply as Response, FastifyRequest as Request } from 'fastify';
import type { Db } from '../shared/db/tables.js';
import { ApiZodOk, openApiSchema, ZodPipe } from '../shared/http/zod.js';
import { RateLimited } from '../shared/http/rate-limit.js';
import { DB } from '../shared/kernel.module.js';
import {
  firstAdminLinkQuerySchema,
  firstAdminLinkSchema,
  firstAdminRequestSchema,
  type FirstAdminLink,
} from '../../../contracts/identity/first-admin.js';
import { sessionSchema, type Session } from '../../../contracts/identity/session.js';
import { CreateFirstAdmin } from './commands/create-first-admin.command.js';
import { firstAdminTokenValid } from './first-admin-setup.js';
import { startSession } from './identity.controller.js';
import { FIRST_ADMIN_SETUP_PER_IP } from './identity.rate-limits.js';

/** The first administrator's setup link (first-admin-setup.ts): the token travels in the query string or the body only. */
@ApiTags('auth')
@Controller('api/setup')
export class FirstAdminController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(DB) private readonly db: Db,
  ) {}

  @Get('first-admin')
  @RateLimited(FIRST_ADMIN_SETUP_PER_IP)
  @ApiOperation({ summary: 'Whether a setup link can still create the first administrator' })
  @ApiZodOk(firstAdminLinkSchema)
  @ApiBadRequestResponse({ description: "{ code: 'VALIDATION_FAILED', message, fields: { token } }" })
  @ApiTooManyRequestsResponse({ description: "{ code: 'RATE_LIMITED' }" })
  async link(
    @Query(new ZodPipe(firstAdminLinkQuerySchema)) query: { token: string },
    @Res({ passthrough: true }) response: Response,
  ): Promise<FirstAdminLink> {
    response.header('Cache-Control', 'no-store');
    return { valid: await firstAdminTokenValid(this.db, query.token) };
  }

  @Post('first-admin')
  @HttpCode(200)
  @RateLimited(FIRST_ADMIN_SETUP_PER_IP)
  @ApiOperation({
    summary: 'Create the first administrator with the setup link printed on start, and sign in',
    description: 'The link works once, and not once any administrator exists (`npm run admin:grant` included).',
  })
  @ApiBody({ schema: openApiSchema(firstAdminRequestSchema, 'input') })
  @ApiZodOk(sessionSchema, 'A session, and the refresh cookie')
  @ApiBadRequestResponse({
    description: "{ code: 'VALIDATION_FAILED', message, fields }, e.g. 'Password must be at least 6 characters long.'",
  })
  @ApiForbiddenResponse({ description: "{ code: 'SETUP.LINK_INVALID', message }: a wrong or used link, or an administrator exists" })
  @ApiTooManyRequestsResponse({ description: "{ code: 'RATE_LIMITED' }" })
  async create(@Body() body: unknown, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<Session> {
    return startSession(await this.commands.execute(new CreateFirstAdmin(body)), request, response);
  }
}
