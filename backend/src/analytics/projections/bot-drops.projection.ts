/**
 * The bot batches dropped at ingest before every batch was kept (AnalyticsBotTrafficDropped, no longer
 * appended): counted per UTC day as excluded traffic, by the class and rule their user agent is in by the
 * projection's rules (a user agent those rules call a person's was still a bot's when it was dropped:
 * automation, `legacy:dropped`). The admin reads them with the excluded sessions, at GET /api/admin/analytics/bots.
 */
import { sql } from 'kysely';
import type { Projection } from '../../shared/projections/projection.js';
import { classifyTraffic, DEFAULT_TRAFFIC_RULES, type TrafficRules, type TrafficVerdict } from '../../shared/http/traffic-class.js';
import type { AnalyticsBotTrafficDropped } from '../analytics.events.js';

const DROPPED_AS_BOT: TrafficVerdict = { class: 'automation', rule: 'legacy:dropped' };

export const botDropsProjectionWith = (rules: TrafficRules): Projection<AnalyticsBotTrafficDropped> => ({
  name: 'analytics-bots',
  mode: 'async',
  handles: ['AnalyticsBotTrafficDropped'],
  tables: ['analytics_bot_drops'],
  async handle(trx, events) {
    const rows = new Map<string, { day: string; traffic_class: string; traffic_rule: string; batches: number; events: number }>();
    for (const { data } of events) {
      const day = data.at.slice(0, 10);
      const found = classifyTraffic({ userAgent: data.bot, automation: null, referrer: null, network: null }, rules);
      const verdict = found.class === 'person' ? DROPPED_AS_BOT : found;
      const key = `${day} ${verdict.class} ${verdict.rule}`;
      const row = rows.get(key) ?? { day, traffic_class: verdict.class, traffic_rule: verdict.rule, batches: 0, events: 0 };
      row.batches += 1;
      row.events += data.events;
      rows.set(key, row);
    }
    await trx
      .insertInto('analytics_bot_drops')
      .values([...rows.values()])
      .onConflict((oc) =>
        oc.columns(['day', 'traffic_class', 'traffic_rule']).doUpdateSet({
          batches: sql`analytics_bot_drops.batches + excluded.batches`,
          events: sql`analytics_bot_drops.events + excluded.events`,
        }),
      )
      .execute();
  },
});

export const botDropsProjection = botDropsProjectionWith(DEFAULT_TRAFFIC_RULES);
