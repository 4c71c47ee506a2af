/**
 * The wire contract of POST /api/analytics/collect (docs/architecture.md, "analytics"), which the API
 * validates with and the tracker (frontend/src/lib/analytics) builds its events as: 1–50 events, each strictly shaped, strings capped. A batch with any invalid event is refused
 * whole (400 naming the field, e.g. `events.3.url`), and nothing is written.
 */
import { z } from 'zod';
import { INTERACTION_ACTIONS, LIMITS, MAX_EVENTS_PER_BATCH, TRAFFIC_TYPES } from './limits.js';

export { MAX_EVENTS_PER_BATCH };

/** No control characters: they have no place in a URL or title, and NUL cannot be stored in jsonb. */
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

const text = (max: number) =>
  z
    .string({ error: 'Must be a string.' })
    .max(max, `At most ${max} characters.`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), 'Control characters are not allowed.');
const optionalText = (max: number) => text(max).nullable();
const id = z.uuid({ version: 'v4', error: 'Must be a UUID (v4).' });
const seconds = z
  .number({ error: 'Must be a number of seconds.' })
  .int('Must be a whole number of seconds.')
  .min(0, 'Must be 0 or more.')
  .max(31_536_000, 'At most a year.');
const base = {
  sessionId: id,
  at: z.iso.datetime({ offset: true, error: 'Must be an ISO-8601 timestamp.' }),
};

const utm = z.strictObject({
  source: optionalText(200),
  medium: optionalText(200),
  campaign: optionalText(200),
  term: optionalText(200),
  content: optionalText(200),
});
const clickIds = z.strictObject({ gclid: optionalText(500), msclkid: optionalText(500), fbclid: optionalText(500) });

const MAX_METADATA_JSON = LIMITS.metadataBytes;
const metadata = z
  .record(z.string(), z.unknown(), { error: 'Must be an object.' })
  .refine((value) => JSON.stringify(value).length <= MAX_METADATA_JSON, `At most ${MAX_METADATA_JSON} characters as JSON.`)
  .refine((value) => !JSON.stringify(value).includes('\\u0000'), 'Control characters are not allowed.');

export const sessionStartSchema = z.strictObject({
  type: z.literal('session_start'),
  ...base,
  visitorId: id.nullable(),
  url: text(LIMITS.url),
  referrer: optionalText(LIMITS.referrer),
  // Where the session came from, as the tracker works it out (attribution.ts). Left out by the small inline
  // part every page carries, which starts the session as the page loads: the API then works it out from `url`
  // and `referrer` by the same rules.
  utm: utm.optional(),
  clickIds: clickIds.optional(),
  parsedReferrer: optionalText(200).optional(),
  trafficType: z
    .enum(TRAFFIC_TYPES, {
      error: 'Must be search, social, paid, ai, referral or direct.',
    })
    .optional(),
  campaignSource: optionalText(200).optional(),
  // navigator.webdriver as the browser reported it: true in a browser driven by automation (WebDriver, CDP
  // with its automation switches), one of the signals bot classification reads (docs/analytics.md).
  automation: z.boolean({ error: 'Must be true or false.' }).optional(),
});

export const pageViewSchema = z.strictObject({
  type: z.literal('page_view'),
  ...base,
  pageViewId: id,
  url: text(LIMITS.url),
  title: text(LIMITS.title),
  referrer: optionalText(LIMITS.referrer),
  // What the visitor may have searched for to find the page (keywords.ts), as the tracker works it out. Left
  // out by the small inline part every page carries, which sends the landing page's view as the page loads:
  // the API then works it out from `url`, `title` and `referrer` by the same rules.
  potentialKeywords: z.array(text(100), { error: 'Must be a list of keywords.' }).max(10, 'At most 10 keywords.').optional(),
});

export const pageTimeSchema = z.strictObject({ type: z.literal('page_time'), ...base, pageViewId: id, seconds });

export const sessionEndSchema = z.strictObject({
  type: z.literal('session_end'),
  ...base,
  timeOnSite: seconds,
  pagesViewed: z.number({ error: 'Must be a number.' }).int('Must be a whole number.').min(0, 'Must be 0 or more.').max(100_000),
});

export const interactionSchema = z.strictObject({
  type: z.literal('interaction'),
  ...base,
  eventId: id,
  appId: id.nullable(),
  action: z.enum(INTERACTION_ACTIONS, {
    error: 'Must be view, cta_click, open_app, share, quiz_start or quiz_complete.',
  }),
  metadata,
});

/**
 * A query the visitor settled on in the site's search box, with how many apps it found. Sent again with the
 * same searchId and `opened: true` when the visitor opens one of the results.
 */
export const searchSchema = z.strictObject({
  type: z.literal('search'),
  ...base,
  searchId: id,
  query: text(LIMITS.searchQuery).refine((value) => value.trim() !== '', 'Must not be empty.'),
  results: z.number({ error: 'Must be a number.' }).int('Must be a whole number.').min(0, 'Must be 0 or more.').max(100_000),
  opened: z.boolean({ error: 'Must be true or false.' }),
});

export const trackerEventSchema = z.discriminatedUnion(
  'type',
  [sessionStartSchema, pageViewSchema, pageTimeSchema, sessionEndSchema, interactionSchema, searchSchema],
  { error: 'Must be session_start, page_view, page_time, session_end, interaction or search.' },
);

export const collectBatchSchema = z.strictObject(
  {
    events: z
      .array(trackerEventSchema, { error: 'Must be a list of events.' })
      .min(1, 'Send at least one event.')
      .max(MAX_EVENTS_PER_BATCH, `At most ${MAX_EVENTS_PER_BATCH} events per batch.`),
  },
  { error: (issue) => (issue.code === 'invalid_type' ? 'Must be an object with an events list.' : undefined) },
);

export type TrackerEvent = z.output<typeof trackerEventSchema>;
/** The events as the tracker sends them. */
export type SessionStart = z.input<typeof sessionStartSchema>;
export type PageView = z.input<typeof pageViewSchema>;
export type PageTime = z.input<typeof pageTimeSchema>;
export type SessionEnd = z.input<typeof sessionEndSchema>;
export type Interaction = z.input<typeof interactionSchema>;
export type Search = z.input<typeof searchSchema>;
export type AnalyticsEvent = z.input<typeof trackerEventSchema>;
export type Utm = z.input<typeof utm>;
export type ClickIds = z.input<typeof clickIds>;

export const collectResultSchema = z.object({
  accepted: z.number().int().describe('Events recorded'),
  dropped: z.number().int().describe('Always 0: bot traffic is kept, classified and left out of the figures (docs/analytics.md)'),
});
