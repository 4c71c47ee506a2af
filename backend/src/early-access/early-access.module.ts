import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DeleteLeadHandler } from './commands/delete-lead.command.js';
import { IssueReferralCodeHandler } from './commands/issue-referral-code.command.js';
import { JoinWaitlistHandler } from './commands/join-waitlist.command.js';
import { RecordReferralClickHandler } from './commands/record-referral-click.command.js';
import { SubmitQuizHandler } from './commands/submit-quiz.command.js';
import { SubscribeToNewsletterHandler } from './commands/subscribe-to-newsletter.command.js';
import { EndViralCampaignHandler, StartViralCampaignHandler } from './commands/viral-campaign.commands.js';
import { EarlyAccessAdminController } from './early-access-admin.controller.js';
import { EarlyAccessController } from './early-access.controller.js';
import { GetEarlyAccessStatusHandler } from './queries/get-early-access-status.query.js';
import { GetLeaderboardHandler } from './queries/get-leaderboard.query.js';
import { GetQuizQuestionHandler } from './queries/get-quiz-question.query.js';
import { GetReferralHandler } from './queries/get-referral.query.js';
import { ListLeadsHandler } from './queries/list-leads.query.js';
import { LeadsAdminController } from './leads-admin.controller.js';
import { ListActiveCampaignsHandler } from './queries/list-active-campaigns.query.js';

/** Leads and the waitlist, referral codes, clicks and the leaderboard, the quiz, the newsletter, viral campaigns. */
@Module({
  imports: [CqrsModule],
  controllers: [EarlyAccessController, LeadsAdminController, EarlyAccessAdminController],
  providers: [
    JoinWaitlistHandler,
    IssueReferralCodeHandler,
    RecordReferralClickHandler,
    SubmitQuizHandler,
    SubscribeToNewsletterHandler,
    GetEarlyAccessStatusHandler,
    GetLeaderboardHandler,
    GetReferralHandler,
    DeleteLeadHandler,
    ListLeadsHandler,
    GetQuizQuestionHandler,
    StartViralCampaignHandler,
    EndViralCampaignHandler,
    ListActiveCampaignsHandler,
  ],
})
export class EarlyAccessModule {}
