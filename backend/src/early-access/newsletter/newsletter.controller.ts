import { Body, Controller, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply as Response } from 'fastify';
import { openApiSchema } from '../../shared/http/zod.js';
import { SubscribeToNewsletter } from './subscribe-to-newsletter.command.js';
import {
  newsletterSubscriptionSchema,
  subscribeNewsletterRequestSchema,
  type NewsletterSubscription,
} from '../../../../contracts/early-access/newsletter.js';

/** Newsletter subscriptions. */
@ApiTags('early-access')
@Controller('api')
export class NewsletterController {
  constructor(private readonly commands: CommandBus) {}

  @Post('newsletter/subscriptions')
  @ApiOperation({ summary: 'Subscribe an e-mail address to the newsletter' })
  @ApiBody({ schema: openApiSchema(subscribeNewsletterRequestSchema, 'input') })
  @ApiResponse({ status: 201, description: 'Subscribed', schema: openApiSchema(newsletterSubscriptionSchema) })
  @ApiResponse({ status: 200, description: 'Already subscribed (nothing written)', schema: openApiSchema(newsletterSubscriptionSchema) })
  @ApiBadRequestResponse({ description: "{ code, message: 'Please enter a valid email address.', fields: { email } }" })
  async subscribe(@Body() body: unknown, @Res({ passthrough: true }) response: Response): Promise<NewsletterSubscription> {
    const { alreadySubscribed } = await this.commands.execute(new SubscribeToNewsletter(body));
    response.status(alreadySubscribed ? 200 : 201);
    return { subscribed: true };
  }
}
