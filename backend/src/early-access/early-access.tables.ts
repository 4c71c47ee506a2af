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

declare module '../shared/db/tables.js' {
  interface Tables {
    newsletter_subscriptions: NewsletterSubscriptionsTable;
    leads: LeadsTable;
  }
}
