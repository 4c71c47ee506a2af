/** Every projection of the application, inline and async: the kernel runs them, `projections:rebuild` replays them. */
import { botDropsProjection } from './analytics/projections/bot-drops.projection.js';
import { leadSessionsProjection } from './analytics/projections/lead-sessions.projection.js';
import { visitsProjection } from './analytics/projections/visits.projection.js';
import { searchQueryStatsProjection } from './analytics/search-console/search-query-stats.projection.js';
import { appViewsProjection } from './catalogue/projections/app-views.projection.js';
import { appsProjection } from './catalogue/projections/apps.projection.js';
import { leadsProjection } from './early-access/projections/leads.projection.js';
import { newsletterSubscriptionsProjection } from './early-access/projections/newsletter-subscriptions.projection.js';
import { quizResultsProjection } from './early-access/projections/quiz-results.projection.js';
import { referralStatsProjection } from './early-access/projections/referral-stats.projection.js';
import { referralsProjection } from './early-access/projections/referrals.projection.js';
import { viralCampaignsProjection } from './early-access/projections/viral-campaigns.projection.js';
import {
  developerInquiriesProjection,
  quickQuestionsProjection,
  suggestionsProjection,
} from './feedback/projections/feedback.projections.js';
import { profilesProjection } from './identity/projections/profiles.projection.js';
import { emailSettings } from './notifications/email-settings.js';
import { emailReactor } from './notifications/reactors/email.reactor.js';
import { emailUnsubscribesProjection } from './notifications/unsubscribe/email-unsubscribes.projection.js';
import type { Config } from './shared/config/config.js';
import type { Projection } from './shared/projections/projection.js';

export function buildProjections(config: Config): Projection[] {
  return [
    appsProjection,
    appViewsProjection,
    newsletterSubscriptionsProjection,
    leadsProjection,
    referralsProjection,
    referralStatsProjection,
    viralCampaignsProjection,
    quizResultsProjection,
    suggestionsProjection,
    quickQuestionsProjection,
    developerInquiriesProjection,
    emailUnsubscribesProjection,
    profilesProjection,
    emailReactor(emailSettings(config)),
    visitsProjection,
    botDropsProjection,
    leadSessionsProjection,
    searchQueryStatsProjection,
  ] as Projection[];
}
