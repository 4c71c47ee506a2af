/**
 * What the admin's analytics reads answer (GET /api/admin/analytics/…): zod schemas, which the API documents
 * its answers with in OpenAPI, and their types, which the API's queries return and the console reads. Days
 * are counted in the admin's time zone; timestamps are ISO-8601 strings.
 */
import { z } from 'zod';
import { leadStandingSchema } from '../early-access/lead.js';
import { CHANNELS } from './channels.js';
import { CARD_FIGURES, type CardFigure } from './engagement.js';
import { EXCLUDED_CLASSES } from './traffic-class.js';

const timestamp = z.iso.datetime();

export const dailySeriesSchema = z.array(
  z.object({
    day: z.string().describe("YYYY-MM-DD, a day in the range's time zone"),
    sessions: z.number().int(),
    pageViews: z.number().int(),
  }),
);
export type DailySeries = z.infer<typeof dailySeriesSchema>;

export const trafficSourcesSchema = z.array(
  z.object({
    trafficType: z.string().describe("search, social, paid, ai, referral or direct ('unknown' before the session start arrived)"),
    source: z.string().describe("The parsed referrer; 'direct' when none"),
    sessions: z.number().int(),
  }),
);
export type TrafficSources = z.infer<typeof trafficSourcesSchema>;

export const utmCampaignsSchema = z.array(
  z.object({ source: z.string().nullable(), medium: z.string().nullable(), campaign: z.string().nullable(), sessions: z.number().int() }),
);
export type UtmCampaigns = z.infer<typeof utmCampaignsSchema>;

const excludedCounts = {
  sessions: z.number().int().describe('Sessions of the class started in the range, left out of every figure'),
  events: z.number().int().describe('Their page views and app interactions, and the events of the bot batches dropped at ingest before'),
  batches: z.number().int().describe('Bot batches dropped at ingest before every batch was kept (their sessions are not known)'),
};

/**
 * The traffic left out of the figures (GET /api/admin/analytics/bots): every session not classified as a
 * person's, by class and by the rule that decided it (docs/analytics.md, "Bots and other excluded traffic"),
 * with the bot batches dropped at ingest before every batch was kept.
 */
export const botTrafficSchema = z.object({
  sessions: z.number().int().describe('Excluded sessions started in the range'),
  events: excludedCounts.events,
  batches: excludedCounts.batches,
  classes: z
    .array(
      z.object({
        class: z.enum(EXCLUDED_CLASSES),
        ...excludedCounts,
        topRules: z
          .array(z.object({ rule: z.string().describe("e.g. 'user-agent:GPTBot', 'referrer:semalt.com'"), ...excludedCounts }))
          .describe('The three rules that excluded most, most first'),
      }),
    )
    .describe('Every excluded class, in this order, zeros included'),
  days: z
    .array(z.object({ day: z.string(), batches: z.number().int(), events: z.number().int() }))
    .describe('The dropped bot batches per UTC day'),
});
export type BotTraffic = z.infer<typeof botTrafficSchema>;

export const searchQueriesSchema = z.object({
  topQueries: z.array(
    z.object({
      query: z.string(),
      totalImpressions: z.number().int(),
      totalClicks: z.number().int(),
      ctr: z.number().describe('Clicks / impressions × 100, two decimals'),
      avgPosition: z.number().describe('Average position weighted by impressions, one decimal'),
    }),
  ),
});
export type SearchQueries = z.infer<typeof searchQueriesSchema>;

export const leadActivitySchema = z.object({
  lead: z.object({ id: z.uuid(), email: z.string(), joinedAt: timestamp, sessionId: z.uuid().nullable() }),
  sessions: z.array(
    z.object({
      session_id: z.uuid(),
      start_time: timestamp,
      end_time: timestamp.nullable(),
      time_on_site: z.number().int().nullable().describe("Seconds, as the session's end event said; null without one"),
      duration: z.number().int().describe('Seconds: first event to last, the last page included (the one session duration rule)'),
      pages_viewed: z.number().int(),
      landing_url: z.string().nullable(),
      referrer: z.string().nullable(),
      parsed_referrer: z.string().nullable(),
      traffic_type: z.string().nullable(),
      utm_source: z.string().nullable(),
      utm_medium: z.string().nullable(),
      utm_campaign: z.string().nullable(),
      browser: z.string().nullable(),
      os: z.string().nullable(),
      device_type: z.string().nullable(),
    }),
  ),
  pageViews: z.array(
    z.object({
      session_id: z.uuid(),
      page_url: z.string(),
      page_title: z.string(),
      time_on_page: z.number().int().nullable(),
      referrer: z.string().nullable(),
      timestamp,
      created_at: timestamp,
    }),
  ),
  appInteractions: z.array(
    z.object({
      session_id: z.uuid(),
      action_type: z.string(),
      app_id: z.uuid().nullable(),
      app_name: z.string().nullable().describe("The app's name today; null without an app, or when the app is gone"),
      metadata: z.record(z.string(), z.unknown()),
      timestamp,
      created_at: timestamp,
    }),
  ),
  quizResults: z.array(z.object({ id: z.uuid(), created_at: timestamp, recommended_app: z.string().nullable(), answers: z.unknown() })),
  referralData: z
    .object({ code: z.string(), clicks: z.number().int(), conversions: z.number().int(), revenue_earned: z.number() })
    .nullable()
    .describe("The lead's referral code and its results; null when it has none"),
  sessionMetrics: z.object({
    totalSessions: z.number().int(),
    uniquePagesVisited: z.number().int().describe('Distinct page paths'),
    totalTimeSpent: z.number().int().describe('Seconds: the sum of the sessions’ durations'),
    avgTimePerSession: z.number().int().describe('Seconds, rounded'),
  }),
});
export type LeadActivity = z.infer<typeof leadActivitySchema>;

export const leadTimelineSchema = leadActivitySchema.omit({ lead: true });
export type LeadTimeline = z.infer<typeof leadTimelineSchema>;

export const leadDetailSchema = leadTimelineSchema.extend({
  lead: z.object({
    id: z.uuid(),
    email: z.string(),
    sourcePage: z.string().nullable(),
    referralCode: z.string(),
    joinedAt: z.iso.datetime(),
    sessionId: z.uuid().nullable().describe('The analytics session the lead joined in; null when unknown'),
    standing: leadStandingSchema,
  }),
});
export type LeadDetail = z.infer<typeof leadDetailSchema>;

/** What recording Search Console figures answers (the API fetch, a Queries CSV upload): the rows and their period. */
export const recordedSearchQueriesSchema = z.object({ recorded: z.number().int(), startDate: z.string(), endDate: z.string() });
export type RecordedSearchQueries = z.infer<typeof recordedSearchQueriesSchema>;

/** A range of days, as the metrics answers give it back: the days counted, their number and their zone. */
export const periodSchema = z.object({ from: z.string(), to: z.string(), days: z.number().int(), timeZone: z.string() });

/** A card's figure against the previous period of the same length. */
export const figureChangeSchema = z.object({
  previous: z.number().nullable().describe('The figure in the previous period; null when there is no previous data'),
  percent: z.number().int().nullable().describe('Whole percent against previous; null without a ratio (no previous data, or 0)'),
});

/** The top cards' figures: what arrived in the range. */
export const GROWTH_FIGURES = ['appsAdded', 'leadsJoined', 'appViews', 'suggestionsReceived'] as const;
export type GrowthFigure = (typeof GROWTH_FIGURES)[number];

/**
 * What the top cards (Total Apps, Early Explorers, Total Views, Suggestions; their totals are all-time) add
 * for a range of days (GET /api/admin/analytics/growth): the apps added, leads joined, app views counted and
 * suggestions received in it, each against the previous period of the same length. A previous figure is
 * null (no previous data) when nothing of its kind had arrived before the range.
 */
export const growthSchema = z.object({
  period: periodSchema,
  appsAdded: z.number().int().describe('Apps added, active or not'),
  leadsJoined: z.number().int().describe('Leads who joined the waitlist, confirmed or not'),
  appViews: z.number().int().describe('App views counted: every view by a person (at most 10 an hour per client address and app)'),
  suggestionsReceived: z.number().int(),
  changes: z.object({
    appsAdded: figureChangeSchema,
    leadsJoined: figureChangeSchema,
    appViews: figureChangeSchema,
    suggestionsReceived: figureChangeSchema,
  }),
});
export type Growth = z.infer<typeof growthSchema>;

const hourRow = z.object({ hour: z.number().int().min(0).max(23), sessions: z.number().int() });
const pageCounts = (what: string) => z.array(z.object({ page: z.string().describe('A path'), count: z.number().int().describe(what) }));

/**
 * The dashboard's engagement figures (GET /api/admin/analytics/engagement); docs/analytics.md ("Figures")
 * defines each figure, contracts/analytics/engagement.ts holds the type the SPA reads.
 */
export const engagementMetricsSchema = z.object({
  period: periodSchema,
  visitors: z.number().int().describe('Unique visitors: distinct visitor ids among the visits (visits without one left out)'),
  totalSessions: z.number().int().describe('Visits: sessions started in the range'),
  pageViews: z.number().int().describe('Page views in the range (by their time)'),
  bounceRate: z.number().describe('Percent of the visits with one page view and no app interaction, one decimal'),
  appInteractions: z.number().int().describe('App interactions in the range (every action but an app view), by their time'),
  avgTimeOnSite: z
    .number()
    .describe('Visit duration: seconds, rounded, the mean session duration (first event to last, the last page included)'),
  avgPagesPerSession: z.number().describe('Views per visit: page views / visits, one decimal'),
  quizCompletionRate: z.number().describe('Quiz results / home page views × 100, one decimal'),
  topCategories: z.array(z.object({ category: z.string(), count: z.number().int() })).describe('Top 5, by views of their apps'),
  peakHours: z.array(hourRow).describe("Top 6, hours in the period's time zone"),
  sessionsByHour: z.array(hourRow).length(24).describe("Sessions started in each hour 0–23 in the period's time zone, zeros included"),
  trafficSources: z.array(z.object({ source: z.string(), sessions: z.number().int() })).describe("Top 10; 'direct' when no referrer"),
  userReturnRate: z.number().describe('Percent of the visitors in the range who had a session before it or more than one in it'),
  topPages: pageCounts('Page views').describe('The 10 pages with most page views'),
  entryPages: pageCounts('Visits that began on it').describe('The 10 pages most visits began on (their first page view)'),
  exitPages: pageCounts('Visits that ended on it').describe('The 10 pages most visits ended on (their last page view)'),
  channels: z
    .array(z.object({ channel: z.enum([...CHANNELS, 'unknown']), visits: z.number().int() }))
    .describe("Visits per channel (docs/analytics.md, Channels), most first; 'unknown' when a session's start never arrived"),
  changes: z
    .object(Object.fromEntries(CARD_FIGURES.map((figure) => [figure, figureChangeSchema])) as Record<CardFigure, typeof figureChangeSchema>)
    .describe('Against the previous period; previous is null when it had no sessions'),
});
