import type { Projection } from '../shared/projections/projection.js';
import { viralCampaignsProjection } from './campaign/viral-campaigns.projection.js';
import { newsletterSubscriptionsProjection } from './newsletter/newsletter-subscriptions.projection.js';
import { quizResultsProjection } from './quiz/quiz-results.projection.js';
import { referralStatsProjection } from './referral/referral-stats.projection.js';
import { referralsProjection } from './referral/referrals.projection.js';
import { leadsProjection } from './waitlist/leads.projection.js';

/** The module's read models, for the kernel to run and `projections:rebuild` to replay. */
export const earlyAccessProjections: Projection[] = [
  newsletterSubscriptionsProjection,
  leadsProjection,
  referralsProjection,
  referralStatsProjection,
  viralCampaignsProjection,
  quizResultsProjection,
] as Projection[];
