import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import type { Config } from '../../shared/config/config.js';
import { ApiZodOk } from '../../shared/http/zod.js';
import { CONFIG } from '../../shared/kernel.module.js';

/** The conversion-tracking settings the browser reads after a form is sent. */
@ApiTags('early-access')
@Controller('api')
export class ConversionTrackingController {
  constructor(@Inject(CONFIG) private readonly config: Config) {}

  @Get('conversion-tracking')
  @ApiOperation({
    summary: 'The conversion-tracking settings the browser uses after a submit',
    description: 'GOOGLE_ADS_ID and CONVERSION_PAGE_URL; null when not configured (then nothing is called).',
  })
  @ApiZodOk(z.object({ googleAdsId: z.string().nullable(), conversionPageUrl: z.string().nullable() }))
  conversionTracking() {
    return { googleAdsId: this.config.GOOGLE_ADS_ID ?? null, conversionPageUrl: this.config.CONVERSION_PAGE_URL ?? null };
  }
}
