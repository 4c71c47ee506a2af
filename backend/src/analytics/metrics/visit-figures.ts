/**
 * What a visit adds to the console's first row beyond its time (session-duration.ts): whether it bounced,
 * its channel, and which app interactions count as the visitor's (docs/analytics.md, "Figures"). The
 * database gathers the inputs; the rules are here.
 */
import { sql, type RawBuilder } from 'kysely';
import { channelOf, type Channel } from '../../../../contracts/analytics/channels.js';

/**
 * An app interaction the visitor made: every action the tracker records but an app view, which the page's
 * own view of an app brings (app views are counted as such).
 */
export const isInteraction = (action: string) => action !== 'view';
/** The same rule on app_interactions rows. */
export const interactionRow = sql`action_type <> 'view'`;

/**
 * A page's key in the rollups: 52 bits of the path's MD5 (a safe integer in JavaScript; two paths of a
 * million share one with a chance of about 1 in 10,000). The rollups keep keys, not paths, so that a batch of
 * page views on new paths keeps each path once (analytics_pages) rather than once per rollup row.
 */
export const pageKey = (path: RawBuilder<unknown>) => sql<number>`('x' || substr(md5(${path}), 1, 13))::bit(52)::bigint`;

/** A bounce: a visit of one page view and no interaction. */
export const bounced = ({ pages, interactions }: { pages: number; interactions: number }) => pages === 1 && interactions === 0;

/** The channel of a stored session; 'unknown' while its start (which carries the attribution) has not arrived. */
export function sessionChannel(row: {
  traffic_type: string | null;
  parsed_referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  gclid: string | boolean | null;
  msclkid: string | boolean | null;
  fbclid: string | boolean | null;
}): Channel | 'unknown' {
  if (row.traffic_type === null) return 'unknown';
  return channelOf({
    utm: { source: row.utm_source, medium: row.utm_medium, campaign: row.utm_campaign },
    clickIds: { gclid: row.gclid, msclkid: row.msclkid, fbclid: row.fbclid },
    parsedReferrer: row.parsed_referrer,
  });
}
