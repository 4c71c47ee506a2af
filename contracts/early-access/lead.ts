/**
 * A lead as the admin sees it: the list (GET /api/admin/leads, newest first) and, as `standing`, the lead
 * detail page. The zod schemas the API documents its answers with in OpenAPI, and their types, which the API's
 * queries return and the SPA reads. How confirmation, spots and referral credit are counted:
 * docs/early-access.md.
 */
import { z } from 'zod';
import { enumParam, pageParams, pageSchema, textParam } from '../page-query.js';
import { SEARCH_MAX } from '../paging.js';

/**
 * confirmed: the address's owner followed the link in the welcome e-mail. pending: not yet, and joined less
 * than LEAD_CONFIRMATION_DAYS ago (it holds its spot). expired: not confirmed in time (its spot is given back;
 * its position is not given to anyone else).
 */
export const LEAD_STATUSES = ['confirmed', 'pending', 'expired'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Patterns the admin is shown; a flag never refuses anyone. */
export const LEAD_FLAGS = {
  disposable: 'Disposable e-mail domain',
  'same-mailbox': 'Same mailbox as another lead (sub-address or dots in a Gmail address)',
  'referral-burst': 'One of many referrals from one client address or session within minutes',
  'referral-domain': 'One of many confirmed friends of one referrer at one domain that is not a public mail provider',
  undeliverable: 'E-mail to this address was refused for good',
} as const;
export type LeadFlagCode = keyof typeof LEAD_FLAGS;

export const leadFlagSchema = z.object({
  code: z.enum(Object.keys(LEAD_FLAGS) as [LeadFlagCode, ...LeadFlagCode[]]),
  /** LEAD_FLAGS' sentence, with the detail (the mail server's refusal, the number of referrals). */
  reason: z.string(),
});
export type LeadFlag = z.output<typeof leadFlagSchema>;

/**
 * The referral a lead joined through. pending: it counts once the lead confirms. credited: it counts for the
 * referrer. refused: it never counts (reason says why). voided: an administrator voided it.
 */
export const REFERRAL_STANDINGS = ['pending', 'credited', 'refused', 'voided'] as const;
export type ReferralStanding = (typeof REFERRAL_STANDINGS)[number];

export const REFERRAL_REFUSALS = {
  disposable: 'Disposable e-mail domain',
  self: "The referrer's own mailbox",
  known: 'This person was already on the list',
} as const;
export type ReferralRefusal = keyof typeof REFERRAL_REFUSALS;

export const leadReferralSchema = z.object({
  referrer_code: z.string(),
  status: z.enum(REFERRAL_STANDINGS),
  /** Why it was refused (REFERRAL_REFUSALS), or when it was voided; null otherwise. */
  reason: z.string().nullable(),
});
export type LeadReferral = z.output<typeof leadReferralSchema>;

export const leadStandingSchema = z.object({
  position: z.number().int(),
  status: z.enum(LEAD_STATUSES),
  confirmed_at: z.iso.datetime().nullable(),
  flags: z.array(leadFlagSchema),
  referral: leadReferralSchema.nullable(),
});
export type LeadStanding = z.output<typeof leadStandingSchema>;

export const leadSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    source_page: z.string().nullable(),
    created_at: z.iso.datetime(),
  })
  .extend(leadStandingSchema.shape);

export type Lead = z.output<typeof leadSchema>;

/** The Leads tab's orders: newest first (the spec's), oldest first, by address. */
export const LEAD_SORTS = ['newest', 'oldest', 'email'] as const;
export type LeadSort = (typeof LEAD_SORTS)[number];
/** The source-page filter lists at most this many pages, those with the most leads first. */
export const SOURCE_PAGE_OPTIONS_MAX = 100;

/** GET /api/admin/leads's query: a page, the source-page filter ('(none)': leads without one), a search, an order. */
export const leadListQuery = z.strictObject({
  ...pageParams,
  source_page: textParam(2048).describe("Only leads from this source page ('(none)': leads without one)"),
  search: textParam(SEARCH_MAX).describe('Only leads whose e-mail address contains this text (any case)'),
  sort: enumParam(LEAD_SORTS, 'newest').describe('newest (default), oldest or email'),
});
export type LeadListQuery = z.output<typeof leadListQuery>;

export const sourcePageCountSchema = z.object({ page: z.string(), count: z.number().int() });
export type SourcePageCount = z.output<typeof sourcePageCountSchema>;

/**
 * A page of leads, with what the tab shows around it: `total` for 'All Pages (n)', `filtered` for
 * 'filtered/total', each source page with its count (most leads first), and the spots taken (confirmed
 * and pending leads) for the stat card and the Settings tab.
 */
export const leadPageSchema = pageSchema(leadSchema).extend({
  sourcePages: z.array(sourcePageCountSchema),
  spotsTaken: z.number().int(),
});
export type LeadPage = z.output<typeof leadPageSchema>;

/** Days an unconfirmed lead holds its spot (LEAD_CONFIRMATION_DAYS, default 7). */
export const DEFAULT_LEAD_CONFIRMATION_DAYS = 7;
