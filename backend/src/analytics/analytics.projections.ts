import type { Projection } from '../shared/projections/projection.js';
import { demandProjection } from './demand/demand.projection.js';
import { botDropsProjection } from './projections/bot-drops.projection.js';
import { leadSessionsProjection } from './projections/lead-sessions.projection.js';
import { visitsProjection } from './projections/visits.projection.js';
import { searchQueryStatsProjection } from './search-console/search-query-stats.projection.js';

/** The module's read models, for the kernel to run and `projections:rebuild` to replay. */
export const analyticsProjections: Projection[] = [
  visitsProjection,
  botDropsProjection,
  leadSessionsProjection,
  searchQueryStatsProjection,
  demandProjection,
] as Projection[];
