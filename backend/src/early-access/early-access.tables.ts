export interface NewsletterSubscriptionsTable {
  email: string;
  source_page: string | null;
  subscribed_at: Date;
}

declare module '../shared/db/tables.js' {
  interface Tables {
    newsletter_subscriptions: NewsletterSubscriptionsTable;
  }
}
