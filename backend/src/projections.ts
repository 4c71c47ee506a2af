/** Every projection of the application, inline and async: the kernel runs them, `projections:rebuild` replays them. */
import { appViewsProjection } from './catalogue/projections/app-views.projection.js';
import { appsProjection } from './catalogue/projections/apps.projection.js';
import { newsletterSubscriptionsProjection } from './early-access/projections/newsletter-subscriptions.projection.js';
import type { Projection } from './shared/projections/projection.js';

export const projections: readonly Projection[] = [
  appsProjection,
  appViewsProjection,
  newsletterSubscriptionsProjection,
] as Projection[];
