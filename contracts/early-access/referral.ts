/**
 * Referrals: the share-link generator (POST /api/referral-codes), a code's stats (GET /api/referrals/:code)
 * and the leaderboard (GET /api/referrals/leaderboard). The request the API validates, and the answers it
 * documents in OpenAPI and its handlers return. The SPA imports the types only.
 */
import { z } from 'zod';
import { emailSchema, honeypotSchema } from '../form-fields.js';

export const issueReferralCodeRequestSchema = z.strictObject({ email: emailSchema, website: honeypotSchema });
export type IssueReferralCodeRequest = z.input<typeof issueReferralCodeRequestSchema>;

/** The same answer whether or not the address is on the list; for one that is, the code is not its own. */
export const issuedReferralCodeSchema = z.object({ code: z.string() });
export type IssuedReferralCode = z.output<typeof issuedReferralCodeSchema>;

export const referralStatsSchema = z.object({
  code: z.string(),
  stats: z.object({
    /** Visits through the link (once per browser session). */
    total_clicks: z.number().int(),
    /** Friends who joined the list through the link. */
    total_signups: z.number().int(),
    /** Joining is the conversion counted today: equal to total_signups until there are paying customers. */
    total_conversions: z.number().int(),
    /** The referrer's 50% of referred customers' lifetime revenue, USD: 0 until there are paying customers. */
    revenue_lifetime: z.number(),
  }),
  /** The reward tiers (1, 3, 5, 10 invites), unlocked by the sign-ups. */
  rewards: z.array(z.object({ invites: z.number().int(), reward: z.string(), unlocked: z.boolean() })),
});
export type ReferralStats = z.output<typeof referralStatsSchema>;

/** A referrer on the leaderboard: the address masked by the server, and the friends who joined through them. */
export const leaderboardEntrySchema = z.object({ masked_email: z.string(), invite_count: z.number().int() });
export type LeaderboardEntry = z.output<typeof leaderboardEntrySchema>;
