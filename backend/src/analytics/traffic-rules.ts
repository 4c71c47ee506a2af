import type { Config } from '../shared/config/config.js';
import { trafficRules, type TrafficRules } from '../shared/http/traffic-class.js';

/** The traffic classifier's rules: the built-in lists with the configured tokens and hosts on top (docs/analytics.md). */
export function configuredTrafficRules(config: Config): TrafficRules {
  return trafficRules({
    aiCrawlers: config.ANALYTICS_AI_CRAWLERS,
    searchCrawlers: config.ANALYTICS_SEARCH_CRAWLERS,
    automationAgents: config.ANALYTICS_AUTOMATION_AGENTS,
    referrerSpamHosts: config.ANALYTICS_REFERRER_SPAM,
  });
}
