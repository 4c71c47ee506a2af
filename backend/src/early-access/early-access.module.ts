import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { IssueReferralCodeHandler } from './commands/issue-referral-code.command.js';
import { JoinWaitlistHandler } from './commands/join-waitlist.command.js';
import { RecordReferralClickHandler } from './commands/record-referral-click.command.js';
import { SubmitQuizHandler } from './commands/submit-quiz.command.js';
import { SubscribeToNewsletterHandler } from './commands/subscribe-to-newsletter.command.js';
import { EarlyAccessController } from './early-access.controller.js';
import { GetEarlyAccessStatusHandler } from './queries/get-early-access-status.query.js';
import { GetLeaderboardHandler } from './queries/get-leaderboard.query.js';
import { GetReferralHandler } from './queries/get-referral.query.js';

/** Leads and the waitlist, referral codes, clicks and the leaderboard, the quiz, the newsletter. */
@Module({
  imports: [CqrsModule],
  controllers: [EarlyAccessController],
  providers: [
    JoinWaitlistHandler,
    IssueReferralCodeHandler,
    RecordReferralClickHandler,
    SubmitQuizHandler,
    SubscribeToNewsletterHandler,
    GetEarlyAccessStatusHandler,
    GetLeaderboardHandler,
    GetReferralHandler,
  ],
})
export class EarlyAccessModule {}
