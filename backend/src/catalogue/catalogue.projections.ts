import type { Projection } from '../shared/projections/projection.js';
import { appViewsProjection } from './projections/app-views.projection.js';
import { appsProjection } from './projections/apps.projection.js';

/** The module's read models, for the kernel to run and `projections:rebuild` to replay. */
export const catalogueProjections: Projection[] = [appsProjection, appViewsProjection] as Projection[];
