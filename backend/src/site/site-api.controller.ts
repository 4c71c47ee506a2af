import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ValidationError } from '../shared/errors/domain-error.js';
import { EventStore } from '../shared/event-store/event-store.js';
import { openApiSchema } from '../shared/http/zod.js';
import { pageNotFound, reportNotFoundInput } from './not-found.js';

@ApiTags('site')
@Controller('api/site')
export class SiteApiController {
  constructor(private readonly events: EventStore) {}

  /** The server records the 404s it answers; this records the ones the SPA shows after an in-app navigation. */
  @Post('not-found')
  @HttpCode(202)
  @ApiOperation({ summary: 'Record a path the SPA could not match after an in-app navigation' })
  @ApiBody({ schema: openApiSchema(reportNotFoundInput, 'input') })
  @ApiResponse({ status: 202, description: 'Recorded' })
  @ApiBadRequestResponse({ description: '{ code, message, fields: { path } }' })
  async notFound(@Body() body: unknown): Promise<void> {
    const parsed = reportNotFoundInput.safeParse(body);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    await this.events.appendUnversioned([pageNotFound(parsed.data.path, 'client')]);
  }
}
