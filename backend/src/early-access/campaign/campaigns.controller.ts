import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { ApiZodOk } from '../../shared/http/zod.js';
import { ListActiveCampaigns, viralCampaignSchema } from './list-active-campaigns.query.js';

/** The viral campaigns the site shows. */
@ApiTags('early-access')
@Controller('api')
export class CampaignsController {
  constructor(private readonly queries: QueryBus) {}

  @Get('viral-campaigns')
  @ApiOperation({ summary: 'The active viral campaigns (the spec: viral_campaigns where is_active), newest first' })
  @ApiZodOk(z.array(viralCampaignSchema))
  viralCampaigns() {
    return this.queries.execute(new ListActiveCampaigns());
  }
}
