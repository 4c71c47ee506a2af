import type { Generated, JSONColumnType } from 'kysely';

type Json = JSONColumnType<{ question: string; answer: string }[]>;

export interface NewsletterSubscriptionsTable {
  email: string;
  source_page: string | null;
  subscribed_at: Date;
}

export interface LeadsTable {
  id: string;
  email: string;
  source_page: string | null;
  referral_code: string;
  referred_by: string | null;
  waitlist_position: number;
  /** The address is at a throwaway-mail provider: flagged for the admin, never refused. */
  disposable_email: Generated<boolean>;
  created_at: Date;
  /** The mailbox the address delivers to (mailboxKey): leads with the same one are one person. */
  mailbox: string;
  /** Decided at the join: a spot was free (confirmed plus unexpired pending leads under the cap). */
  early_explorer: boolean;
  confirmed_at: Date | null;
  /** Why the referral can never count (REFERRAL_REFUSALS' keys), decided at the join. */
  referral_refused: string | null;
  /** The confirmation credited the referrer (and no voiding has taken it back). */
  referral_credited: Generated<boolean>;
  referral_voided_at: Date | null;
  /** A keyed hash of the client address it joined from. */
  client_key: string | null;
  session_id: string | null;
  /** A mail server's permanent refusal of e-mail to this address (masked). */
  undeliverable_reason: string | null;
}

/**
 * Every code and its owner (inline: the commands look codes up here). Counts are in referral_stats. An address
 * may own several: its lead's own, the generator's and the codes told to strangers' joins with it.
 */
export interface ReferralCodesTable {
  code: string;
  owner_email: string;
  created_at: Date;
  /** The share-link generator's code for the address (one per address, the same each time). */
  generated: Generated<boolean>;
}

/** A code's stats and the leaderboard, projected asynchronously (`referral-stats`). */
export interface ReferralStatsTable {
  code: string;
  owner_email: string;
  clicks: Generated<number>;
  /** Friends who joined the list through the link. */
  signups: Generated<number>;
  conversions: Generated<number>;
  /** numeric(12,2): read it cast to float8. Stays 0 until there are paying customers. */
  revenue_lifetime: Generated<string>;
  created_at: Date;
}

export interface ReferralsTable {
  referee_email: string;
  referrer_code: string;
  created_at: Date;
}

export interface QuizResultsTable {
  id: string;
  email: string;
  answers: Json;
  recommended_app: string | null;
  created_at: Date;
}

export interface ViralCampaignsTable {
  id: string;
  name: string;
  description: string | null;
  is_active: boolean;
  started_at: Date;
  ended_at: Date | null;
}

declare module '../shared/db/tables.js' {
  interface Tables {
    newsletter_subscriptions: NewsletterSubscriptionsTable;
    leads: LeadsTable;
    referral_codes: ReferralCodesTable;
    referral_stats: ReferralStatsTable;
    referrals: ReferralsTable;
    quiz_results: QuizResultsTable;
    viral_campaigns: ViralCampaignsTable;
  }
}
