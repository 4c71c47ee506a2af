/**
 * Delivers outbox e-mails in batches, in both modes, rendering each from its template and inputs. A sender
 * first claims the e-mails it will send (pending, due, not held by another sender: `for update skip locked`,
 * then `next_attempt_at` pushed past the claim's length), so two senders never send the same e-mail,
 * whichever jobs or loops brought them to it. Marketing to an address that unsubscribed is skipped. What was
 * sent is marked in one statement per batch: a batch of 50 welcome e-mails costs the database 2 statements
 * instead of 100 (docs/performance.md). A send that fails is counted, its error kept, and its
 * claim replaced by the retry time the caller gives.
 */
import { sql } from 'kysely';
import type { Db } from '../../shared/db/tables.js';
import type { OutboxMessage, StoredMessage } from '../notifications.tables.js';
import { renderEmail } from '../templates/messages.js';
import { maskAddressesIn } from '../../shared/validation/mask-email.js';
import type { MailTransport } from './mail-transport.js';

/** E-mails one sender claims and sends at a time (a BullMQ job's batch, or a pass of the embedded loop). */
export const EMAILS_PER_BATCH = 50;
/** How long a claim holds an e-mail against other senders: longer than a batch takes to send. */
const CLAIM_FOR = '5 minutes';

/** Which e-mails to claim: these (a job's batch), or the next due ones, oldest first. */
export type Claim = { ids: readonly string[] } | { due: number };

export interface SendFailure {
  id: string;
  /** Attempts made so far, this one included. */
  attempts: number;
  error: unknown;
}

export interface BatchResult {
  claimed: number;
  sent: number;
  failures: SendFailure[];
}

interface Claimed {
  id: string;
  template: string;
  params: unknown;
  marketing: boolean;
  message: StoredMessage;
  attempts: number;
  unsubscribed: boolean;
}

export class EmailSender {
  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
  ) {}

  /**
   * Claims, sends and records a batch. `retryInMs(attempts)` says when a failed e-mail is due again (0: at
   * once, for a caller whose own retry, a BullMQ backoff, decides when).
   */
  async deliver(which: Claim, retryInMs: (attempts: number) => number): Promise<BatchResult> {
    const claimed = await this.claim(which);
    const sent: string[] = [];
    const skipped: string[] = [];
    const failures: SendFailure[] = [];
    for (const email of claimed) {
      if (email.marketing && email.unsubscribed) {
        skipped.push(email.id);
        continue;
      }
      try {
        await this.transport.send(email.id, compose(email));
        sent.push(email.id);
      } catch (error) {
        failures.push({ id: email.id, attempts: email.attempts + 1, error });
      }
    }
    if (sent.length > 0) {
      await this.db
        .updateTable('email_outbox')
        .set({ status: 'sent', attempts: sql`attempts + 1`, sent_at: sql`now()`, last_error: null })
        .where('id', 'in', sent)
        .execute();
    }
    if (skipped.length > 0) await this.setStatus(skipped, 'skipped');
    for (const { id, error, attempts } of failures) {
      await this.db
        .updateTable('email_outbox')
        .set({
          attempts: sql`attempts + 1`,
          last_error: describeFailure(error),
          next_attempt_at: sql`now() + ${`${retryInMs(attempts)} milliseconds`}::interval`,
        })
        .where('id', '=', id)
        .execute();
    }
    return { claimed: claimed.length, sent: sent.length, failures };
  }

  /** Gives up on these e-mails (those still pending): they stay `failed` until an operator retries them. */
  async markFailed(ids: readonly string[]): Promise<void> {
    if (ids.length > 0) await this.setStatus(ids, 'failed');
  }

  /** One statement: lock what no other sender holds, push its due time past the claim, read it back. */
  private async claim(which: Claim): Promise<Claimed[]> {
    if ('ids' in which && which.ids.length === 0) return [];
    const candidates =
      'ids' in which
        ? sql`select id from email_outbox
              where id in (${sql.join([...which.ids])}) and status = 'pending' and next_attempt_at <= now()
              order by created_at for update skip locked`
        : sql`select id from email_outbox
              where status = 'pending' and next_attempt_at <= now()
              order by next_attempt_at limit ${which.due} for update skip locked`;
    const { rows } = await sql<Claimed>`
      update email_outbox o set next_attempt_at = now() + ${CLAIM_FOR}::interval
      from (${candidates}) c
      where o.id = c.id
      returning o.id, o.template, o.params, o.marketing, o.message, o.attempts,
        exists (select 1 from email_unsubscribes u where u.email_key = o.recipient_key) as unsubscribed`.execute(this.db);
    return rows;
  }

  private async setStatus(ids: readonly string[], status: 'skipped' | 'failed'): Promise<void> {
    await this.db
      .updateTable('email_outbox')
      .set({ status })
      .where('id', 'in', [...ids])
      .where('status', '=', 'pending')
      .execute();
  }
}

/** The message to send: the envelope and the rendered template (rows from before params: their stored content). */
export function compose({ template, params, message }: Pick<Claimed, 'template' | 'params' | 'message'>): OutboxMessage {
  return params === null ? (message as OutboxMessage) : { ...message, ...renderEmail(template, params) };
}

/**
 * The error kept for operators and logged: the SMTP reply or message, without the message itself, and with
 * any address in it masked (an SMTP server's refusal often quotes the recipient).
 */
export function describeFailure(error: unknown): string {
  const { message, responseCode } = error as { message?: string; responseCode?: number };
  return maskAddressesIn(`${responseCode ? `${responseCode} ` : ''}${message ?? String(error)}`).slice(0, 500);
}

/** Exponential backoff: base, 2×base, 4×base… before attempt n+1. */
export function retryDelay(baseMs: number, attemptsMade: number): number {
  return baseMs * 2 ** Math.max(0, attemptsMade - 1);
}
