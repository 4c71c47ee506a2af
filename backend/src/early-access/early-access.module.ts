import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { SubscribeToNewsletterHandler } from './commands/subscribe-to-newsletter.command.js';
import { EarlyAccessController } from './early-access.controller.js';

/** Leads, waitlist, referrals, quiz and newsletter. So far: the newsletter. */
@Module({
  imports: [CqrsModule],
  controllers: [EarlyAccessController],
  providers: [SubscribeToNewsletterHandler],
})
export class EarlyAccessModule {}
