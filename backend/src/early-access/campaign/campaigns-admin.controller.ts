import { Body, Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { z } from 'zod';
import { Actor, type ActingUser } from '../../shared/http/acting-user.js';
import { openApiSchema, ZodPipe } from '../../shared/http/zod.js';
import { EndViralCampaign, StartViralCampaign, startViralCampaignInput } from './viral-campaign.commands.js';

const idParam = z.uuid({ error: 'Not a campaign id' });

/** Viral campaigns, started and ended by the admin (api/admin/: the identity module's guard requires one). */
@ApiTags('admin early-access')
@Controller('api/admin/viral-campaigns')
export class CampaignsAdminController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @ApiOperation({ summary: 'Start a viral campaign (active at once; the site reads it from GET /api/viral-campaigns)' })
  @ApiBody({ schema: openApiSchema(startViralCampaignInput, 'input') })
  @ApiCreatedResponse({ description: '{ id }' })
  @ApiBadRequestResponse({ description: "{ code, message, fields: { name: 'Please enter a campaign name.' } }" })
  start(@Body() body: unknown, @Actor() actor: ActingUser) {
    return this.commands.execute(new StartViralCampaign(body, actor));
  }

  @Post(':id/end')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'End a viral campaign (it is no longer active); ending it again changes nothing' })
  @ApiNoContentResponse({ description: 'Ended' })
  @ApiNotFoundResponse({ description: "{ code: 'CAMPAIGN.NOT_FOUND' }" })
  async end(@Param('id', new ZodPipe(idParam, 'id')) id: string, @Actor() actor: ActingUser) {
    await this.commands.execute(new EndViralCampaign(id, actor));
  }
}
