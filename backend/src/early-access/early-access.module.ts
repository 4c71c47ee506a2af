import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { JoinWaitlistHandler } from './commands/join-waitlist.command.js';
import { SubscribeToNewsletterHandler } from './commands/subscribe-to-newsletter.command.js';
import { EarlyAccessController } from './early-access.controller.js';
import { GetEarlyAccessStatusHandler } from './queries/get-early-access-status.query.js';
import { GetReferralHandler } from './queries/get-referral.query.js';

/** Leads, waitlist, referrals, quiz and newsletter. So far: joining, referral counts, the newsletter. */
@Module({
  imports: [CqrsModule],
  controllers: [EarlyAccessController],
  providers: [JoinWaitlistHandler, GetEarlyAccessStatusHandler, GetReferralHandler, SubscribeToNewsletterHandler],
})
export class EarlyAccessModule {}
