import { Body, Controller, Get, Post, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply as Response } from 'fastify';
import { openApiSchema } from '../../shared/http/zod.js';
import { GetEarlyAccessStatus } from './get-early-access-status.query.js';
import { JoinWaitlist, joinWaitlistInput } from './join-waitlist.command.js';

/** The waitlist: the Early Explorers status and joining the list. */
@ApiTags('early-access')
@Controller('api')
export class WaitlistController {
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
}
