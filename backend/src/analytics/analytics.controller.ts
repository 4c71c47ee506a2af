import { Body, Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiAcceptedResponse, ApiBadRequestResponse, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest as Request } from 'fastify';
import { openApiSchema } from '../shared/http/zod.js';
import { collectBatchSchema, collectResultSchema } from '../../../contracts/analytics/collect.js';
import { CollectAnalytics, type CollectResult } from './commands/collect-analytics.command.js';
import { clientAddress } from '../shared/http/client-address.js';

/**
 * The tracker's only endpoint (public). The admin's queries are in AnalyticsAdminController. This class
 * declares the route and its documentation; its answers come from a plain Fastify handler that does what
 * `collect` and the rate-limit guard do, without Nest's router (collect/collect-route.ts).
 */
@ApiTags('analytics')
@Controller('api/analytics')
export class AnalyticsController {
  constructor(private readonly commands: CommandBus) {}

  @Post('collect')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Record a batch of 1–50 tracker events (at most 64 KB); projected asynchronously',
    description:
      'Every batch is kept, a bot’s within the same bounds as a person’s; each session is classified (person, crawler, automation, data centre, referrer spam) and only people count in the figures. The client address is only kept as a daily salted hash and the name of its data-centre network.',
  })
  @ApiBody({ schema: openApiSchema(collectBatchSchema, 'input') })
  @ApiAcceptedResponse({ schema: openApiSchema(collectResultSchema) })
  @ApiBadRequestResponse({ description: '{ code, message, fields }: the field path and what is wrong; nothing is written' })
  collect(@Body() body: unknown, @Req() request: Request): Promise<CollectResult> {
    return this.commands.execute(new CollectAnalytics(body, request.headers['user-agent'], clientAddress(request)));
  }
}
