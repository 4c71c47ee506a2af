import type { ColumnType, Generated } from 'kysely';
import type { EmailContent } from './templates/layout.js';

/** Who an e-mail is from and to, and its extra headers: what the outbox keeps besides the template's inputs. */
export interface OutboxEnvelope {
  from: string;
  to: string;
  replyTo?: string;
  headers?: Record<string, string>;
}

/** An e-mail as the transport sends it. */
export type OutboxMessage = OutboxEnvelope & EmailContent;

/** The `message` column: the envelope; in rows written before `params` existed, the rendered content too. */
export type StoredMessage = OutboxEnvelope & Partial<EmailContent>;

export type OutboxStatus = 'pending' | 'sent' | 'skipped' | 'failed';

export interface EmailOutboxTable {
  id: string;
  template: string;
  marketing: boolean;
  /** Sent to an address someone typed into a public form: counted against the recipient's daily limit. */
  requested: Generated<boolean>;
  /** emailKey() of the recipient: checked against unsubscribes at send time. */
  recipient_key: string;
  /** emailKey() of the recipient's mailbox (mailboxKey: no +tag, Gmail without dots): the daily limit's count. */
  mailbox_key: string | null;
  message: ColumnType<StoredMessage, string, string>;
  /** The template's inputs, rendered when the e-mail is sent (null in rows written before). */
  params: ColumnType<Record<string, unknown> | null, string | null, string | null>;
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
