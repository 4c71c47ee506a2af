import type { Projection } from '../shared/projections/projection.js';
import { profilesProjection } from './projections/profiles.projection.js';

/** The module's read models, for the kernel to run and `projections:rebuild` to replay. */
export const identityProjections: Projection[] = [profilesProjection] as Projection[];
