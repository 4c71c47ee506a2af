import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { CampaignsAdminController } from './campaign/campaigns-admin.controller.js';
import { CampaignsController } from './campaign/campaigns.controller.js';
import { ListActiveCampaignsHandler } from './campaign/list-active-campaigns.query.js';
import { EndViralCampaignHandler, StartViralCampaignHandler } from './campaign/viral-campaign.commands.js';
import { ConversionTrackingController } from './conversion/conversion-tracking.controller.js';
import { NewsletterController } from './newsletter/newsletter.controller.js';
import { SubscribeToNewsletterHandler } from './newsletter/subscribe-to-newsletter.command.js';
import { CountLeadsJoinedHandler } from './waitlist/count-leads-joined.query.js';
import { CountQuizResultsHandler, ListQuizResultsOfHandler } from './quiz/quiz-results.query.js';
import { GetQuizQuestionHandler } from './quiz/get-quiz-question.query.js';
import { QuizController } from './quiz/quiz.controller.js';
import { SubmitQuizHandler } from './quiz/submit-quiz.command.js';
import { GetLeaderboardHandler } from './referral/get-leaderboard.query.js';
import { GetReferralOfHandler } from './referral/get-referral-of.query.js';
import { GetReferralHandler } from './referral/get-referral.query.js';
import { IssueReferralCodeHandler } from './referral/issue-referral-code.command.js';
import { RecordReferralClickHandler } from './referral/record-referral-click.command.js';
import { ReferralsController } from './referral/referrals.controller.js';
import { CheckLeadConfirmationLinkHandler, ConfirmLeadHandler } from './waitlist/confirm-lead.command.js';
import { DeleteLeadHandler } from './waitlist/delete-lead.command.js';
import { ExportLeadsHandler } from './waitlist/export-leads.query.js';
import { GetEarlyAccessStatusHandler } from './waitlist/get-early-access-status.query.js';
import { GetLeadHandler } from './waitlist/get-lead.query.js';
import { GetLeadLabelsHandler } from './waitlist/get-lead-labels.query.js';
import { JoinedLeads } from './waitlist/joined-leads.js';
import { JoinWaitlistHandler } from './waitlist/join-waitlist.command.js';
import { LeadsAdminController } from './waitlist/leads-admin.controller.js';
import { ListLeadsHandler } from './waitlist/list-leads.query.js';
import { VoidReferralHandler } from './waitlist/void-referral.command.js';
import { WaitlistController } from './waitlist/waitlist.controller.js';

/**
 * The early-access programme, one folder per use case: the waitlist (joining, the Early Explorers status, the
 * admin's leads), referrals (codes, clicks, stats, the leaderboard), the quiz, the newsletter, viral campaigns
 * and the conversion-tracking settings.
 */
@Module({
  imports: [CqrsModule],
  controllers: [
    WaitlistController,
    LeadsAdminController,
    ReferralsController,
    QuizController,
    NewsletterController,
    CampaignsController,
    CampaignsAdminController,
    ConversionTrackingController,
  ],
  providers: [
    JoinWaitlistHandler,
    JoinedLeads,
    ConfirmLeadHandler,
    CheckLeadConfirmationLinkHandler,
    VoidReferralHandler,
    DeleteLeadHandler,
    GetEarlyAccessStatusHandler,
    ListLeadsHandler,
    GetLeadLabelsHandler,
    ExportLeadsHandler,
    GetLeadHandler,
    IssueReferralCodeHandler,
    RecordReferralClickHandler,
    GetReferralHandler,
    GetLeaderboardHandler,
    GetReferralOfHandler,
    SubmitQuizHandler,
    GetQuizQuestionHandler,
    CountQuizResultsHandler,
    CountLeadsJoinedHandler,
    ListQuizResultsOfHandler,
    SubscribeToNewsletterHandler,
    StartViralCampaignHandler,
    EndViralCampaignHandler,
    ListActiveCampaignsHandler,
  ],
})
export class EarlyAccessModule {}
