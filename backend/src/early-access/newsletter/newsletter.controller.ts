import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBadRequestResponse, ApiBody, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
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
  @HttpCode(HttpStatus.CREATED)
  @ApiResponse({
    status: 201,
    description:
      'Subscribed; an address already subscribed gets the same answer (nothing written), so the answer tells nobody who is on the list',
    schema: openApiSchema(newsletterSubscriptionSchema),
  })
  @ApiBadRequestResponse({ description: "{ code, message: 'Please enter a valid email address.', fields: { email } }" })
  async subscribe(@Body() body: unknown): Promise<NewsletterSubscription> {
    await this.commands.execute(new SubscribeToNewsletter(body));
    return { subscribed: true };
  }
}
