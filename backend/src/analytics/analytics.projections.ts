import type { Config } from '../shared/config/config.js';
import type { Projection } from '../shared/projections/projection.js';
import { demandProjection } from './demand/demand.projection.js';
import { botDropsProjectionWith } from './projections/bot-drops.projection.js';
import { leadSessionsProjection } from './projections/lead-sessions.projection.js';
import { visitsProjectionWith } from './projections/visits.projection.js';
import { searchQueryStatsProjection } from './search-console/search-query-stats.projection.js';
import { configuredTrafficRules } from './traffic-rules.js';

/** The projections that classify traffic: rebuilt, they classify every past session by the configured rules. */
export const RECLASSIFIED_PROJECTIONS = ['analytics-visits', 'analytics-bots'] as const;

/** The module's read models, for the kernel to run and `projections:rebuild` to replay. */
export function analyticsProjections(config: Config): Projection[] {
  const rules = configuredTrafficRules(config);
  return [
    visitsProjectionWith(rules),
    botDropsProjectionWith(rules),
    leadSessionsProjection,
    searchQueryStatsProjection,
    demandProjection,
  ] as Projection[];
}
