import type { ColumnType, Generated } from 'kysely';

export interface OutboxMessage {
  from: string;
  to: string;
  replyTo?: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
}

export type OutboxStatus = 'pending' | 'sent' | 'skipped' | 'failed';

export interface EmailOutboxTable {
  id: string;
  template: string;
  marketing: boolean;
  /** emailKey() of the recipient: checked against unsubscribes at send time. */
  recipient_key: string;
  message: ColumnType<OutboxMessage, string, string>;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  last_error: string | null;
  next_attempt_at: Generated<Date>;
  queued_at: Date | null;
  created_at: Generated<Date>;
  sent_at: Date | null;
}

export interface EmailUnsubscribesTable {
  email_key: string;
  unsubscribed_at: Date;
}

declare module '../shared/db/tables.js' {
  interface Tables {
    email_outbox: EmailOutboxTable;
    email_unsubscribes: EmailUnsubscribesTable;
  }
}
