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
  created_at: Date;
}

export interface ReferralCodesTable {
  code: string;
  owner_email: string;
  clicks: Generated<number>;
  conversions: Generated<number>;
  /** numeric(12,2): read it cast to float8. Stays 0 until there are paying customers. */
  revenue_earned: Generated<string>;
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

declare module '../shared/db/tables.js' {
  interface Tables {
    newsletter_subscriptions: NewsletterSubscriptionsTable;
    leads: LeadsTable;
    referral_codes: ReferralCodesTable;
    referrals: ReferralsTable;
    quiz_results: QuizResultsTable;
  }
}
