/** Every projection of the application, inline and async: the kernel runs them, `projections:rebuild` replays them. */
import { analyticsProjections } from './analytics/analytics.module.js';
import { catalogueProjections } from './catalogue/catalogue.module.js';
import { earlyAccessProjections } from './early-access/early-access.module.js';
import { feedbackProjections } from './feedback/feedback.module.js';
import { identityProjections } from './identity/identity.module.js';
import { notificationsProjections } from './notifications/notifications.module.js';
import type { Config } from './shared/config/config.js';
import type { Projection } from './shared/projections/projection.js';

export function buildProjections(config: Config): Projection[] {
  return [
    ...catalogueProjections,
    ...earlyAccessProjections,
    ...feedbackProjections,
    ...identityProjections,
    ...notificationsProjections(config),
    ...analyticsProjections,
  ];
}
