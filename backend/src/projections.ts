/** Every projection of the application, inline and async: the kernel runs them, `projections:rebuild` replays them. */
import { analyticsProjections } from './analytics/analytics.projections.js';
import { catalogueProjections } from './catalogue/catalogue.projections.js';
import { earlyAccessProjections } from './early-access/early-access.projections.js';
import { feedbackProjections } from './feedback/feedback.projections.js';
import { identityProjections } from './identity/identity.projections.js';
import { notificationsProjections } from './notifications/notifications.projections.js';
import type { Config } from './shared/config/config.js';
import type { Projection } from './shared/projections/projection.js';

export function buildProjections(config: Config): Projection[] {
  return [
    ...catalogueProjections,
    ...earlyAccessProjections,
    ...feedbackProjections,
    ...identityProjections,
    ...notificationsProjections(config),
    ...analyticsProjections(config),
  ];
}
