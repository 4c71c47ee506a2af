import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { ValidationError } from '../shared/errors/domain-error.js';
import type { FastifyRequest as Request } from 'fastify';
import { openApiSchema } from '../shared/http/zod.js';
import { NotFoundRecorder, reportNotFoundInput } from './not-found.js';
import { clientAddress } from '../shared/http/client-address.js';

@ApiTags('site')
@Controller('api/site')
export class SiteApiController {
  constructor(private readonly notFound: NotFoundRecorder) {}

  /** The server records the 404s it answers; this records the ones the SPA shows after an in-app navigation. */
  @Post('not-found')
  @HttpCode(202)
  @ApiOperation({ summary: 'Record a path the SPA could not match after an in-app navigation' })
  @ApiBody({ schema: openApiSchema(reportNotFoundInput, 'input') })
  @ApiResponse({ status: 202, description: 'Recorded' })
  @ApiBadRequestResponse({ description: '{ code, message, fields: { path } }' })
  async report(@Body() body: unknown, @Req() request: Request): Promise<void> {
    const parsed = reportNotFoundInput.safeParse(body);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    await this.notFound.record(parsed.data.path, 'client', clientAddress(request), request.headers['user-agent']);
  }
}
