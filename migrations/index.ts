/**
 * Every migration, in order. Names sort by date; add new ones at the end. Numbers 11 and 12 belong to no
 * migration: each name is recorded in every database it ran on, so the numbering is never closed up.
 * The table types beside the modules (`*.tables.ts`) are checked against the migrated schema by
 * backend/src/shared/db/tables.int-spec.ts.
 */
import type { Migration } from 'kysely/migration';
import * as eventStore from './2026-11-22-01-event-store.js';
import * as catalogue from './2026-11-22-02-catalogue.js';
import * as appViews from './2026-11-22-03-app-views.js';
import * as newsletter from './2026-11-22-04-newsletter.js';
import * as emailOutbox from './2026-11-22-05-email-outbox.js';
import * as leads from './2026-11-22-06-leads.js';
import * as feedback from './2026-11-22-07-feedback.js';
import * as identity from './2026-11-22-08-identity.js';
import * as analytics from './2026-11-22-09-analytics.js';
import * as referralsQuiz from './2026-11-22-10-referrals-quiz.js';
import * as adminInsights from './2026-11-22-13-admin-insights.js';
import * as earlyAccess from './2026-11-22-14-early-access.js';
import * as emailOutboxRelay from './2026-11-22-15-email-outbox-relay.js';
import * as emailOutboxBatches from './2026-11-24-16-email-outbox-batches.js';
import * as emailOutboxParams from './2026-11-25-17-email-outbox-params.js';
import * as emailOutboxRequested from './2026-11-25-18-email-outbox-requested.js';
import * as identitySessions from './2026-11-26-19-identity-sessions.js';
import * as leadConfirmation from './2026-11-26-20-lead-confirmation.js';
import * as appViewSessions from './2026-11-26-21-app-view-sessions.js';
import * as emailOutboxMailbox from './2026-11-26-22-email-outbox-mailbox.js';
import * as adminListPages from './2026-11-26-23-admin-list-pages.js';
import * as demandSignals from './2026-11-26-24-demand-signals.js';
import * as appRoiFigures from './2026-11-26-25-app-roi-figures.js';
import * as appViewTimes from './2026-11-26-26-app-view-times.js';
import * as analyticsRollups from './2026-11-26-27-analytics-rollups.js';
import * as eventStreamHash from './2026-11-26-28-event-stream-hash.js';
import * as analyticsDayRollups from './2026-11-26-29-analytics-day-rollups.js';
import * as visitorSessionOrder from './2026-11-27-30-visitor-session-order.js';
import * as demandNeighbours from './2026-11-27-31-demand-neighbours.js';
import * as emailOutboxTeam from './2026-11-27-32-email-outbox-team.js';
import * as trafficClasses from './2026-11-27-33-traffic-classes.js';
import * as countedAppViews from './2026-11-27-34-counted-app-views.js';
import * as analyticsVisitFigures from './2026-11-27-35-analytics-visit-figures.js';
import * as referralLinksOfLeads from './2026-11-28-36-referral-links-of-leads.js';
import * as canonicalCategories from './2026-11-28-37-canonical-categories.js';
import * as explorerSpots from './2026-11-28-38-explorer-spots.js';
import * as firstAdminSetup from './2026-11-28-39-first-admin-setup.js';

export const migrations: Record<string, Migration> = {
  '2026-11-22-01-event-store': eventStore,
  '2026-11-22-02-catalogue': catalogue,
  '2026-11-22-03-app-views': appViews,
  '2026-11-22-04-newsletter': newsletter,
  '2026-11-22-05-email-outbox': emailOutbox,
  '2026-11-22-06-leads': leads,
  '2026-11-22-07-feedback': feedback,
  '2026-11-22-08-identity': identity,
  '2026-11-22-09-analytics': analytics,
  '2026-11-22-10-referrals-quiz': referralsQuiz,
  '2026-11-22-13-admin-insights': adminInsights,
  '2026-11-22-14-early-access': earlyAccess,
  '2026-11-22-15-email-outbox-relay': emailOutboxRelay,
  '2026-11-24-16-email-outbox-batches': emailOutboxBatches,
  '2026-11-25-17-email-outbox-params': emailOutboxParams,
  '2026-11-25-18-email-outbox-requested': emailOutboxRequested,
  '2026-11-26-19-identity-sessions': identitySessions,
  '2026-11-26-20-lead-confirmation': leadConfirmation,
  '2026-11-26-21-app-view-sessions': appViewSessions,
  '2026-11-26-22-email-outbox-mailbox': emailOutboxMailbox,
  '2026-11-26-23-admin-list-pages': adminListPages,
  '2026-11-26-24-demand-signals': demandSignals,
  '2026-11-26-25-app-roi-figures': appRoiFigures,
  '2026-11-26-26-app-view-times': appViewTimes,
  '2026-11-26-27-analytics-rollups': analyticsRollups,
  '2026-11-26-28-event-stream-hash': eventStreamHash,
  '2026-11-26-29-analytics-day-rollups': analyticsDayRollups,
  '2026-11-27-30-visitor-session-order': visitorSessionOrder,
  '2026-11-27-31-demand-neighbours': demandNeighbours,
  '2026-11-27-32-email-outbox-team': emailOutboxTeam,
  '2026-11-27-33-traffic-classes': trafficClasses,
  '2026-11-27-34-counted-app-views': countedAppViews,
  '2026-11-27-35-analytics-visit-figures': analyticsVisitFigures,
  '2026-11-28-36-referral-links-of-leads': referralLinksOfLeads,
  '2026-11-28-37-canonical-categories': canonicalCategories,
  '2026-11-28-38-explorer-spots': explorerSpots,
  '2026-11-28-39-first-admin-setup': firstAdminSetup,
};
