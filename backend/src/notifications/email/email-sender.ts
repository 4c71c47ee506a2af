/**
 * Delivers outbox e-mails in batches, in both modes, rendering each from its template and inputs. A sender
 * first claims the e-mails it will send (pending, due, not held by another sender: `for update skip locked`,
 * then `next_attempt_at` pushed past the claim's length), so two senders never send the same e-mail,
 * whichever jobs or loops brought them to it. Marketing to an address that unsubscribed is skipped. What was
 * sent is marked in one statement per batch: a batch of 50 welcome e-mails costs the database 2 statements
 * instead of 100 (docs/performance.md). A send that fails is counted, its error kept, and its
 * claim replaced by the retry time the caller gives; one the receiving server refused for good (isPermanent)
 * is failed at once, and EmailUndeliverable says so to the modules that show addresses.
 */
import { sql } from 'kysely';
import type { Db } from '../../shared/db/tables.js';
import { ConcurrencyError } from '../../shared/event-store/concurrency.error.js';
import type { EventStore } from '../../shared/event-store/event-store.js';
import type { RecordedEvent } from '../../shared/event-store/events.js';
import type { OutboxMessage, StoredMessage } from '../notifications.tables.js';
import { renderEmail } from '../templates/messages.js';
import { maskAddressesIn } from '../../shared/validation/mask-email.js';
import { emailStream, type EmailUndeliverable } from './email.events.js';
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
  /** Refused for good: the e-mail is failed already and must not be retried. */
  permanent: boolean;
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
    private readonly events: EventStore,
  ) {}

  /**
   * Claims, sends and records a batch. `retryInMs(attempts)` says when a failed e-mail is due again (0: at
   * once, for a caller whose own retry, a BullMQ backoff, decides when); one refused for good is never due again.
   */
  async deliver(which: Claim, retryInMs: (attempts: number) => number): Promise<BatchResult> {
    const claimed = await this.claim(which);
    const sent: string[] = [];
    const skipped: string[] = [];
    const failures: SendFailure[] = [];
    const refused: { email: Claimed; error: unknown }[] = [];
    for (const email of claimed) {
      if (email.marketing && email.unsubscribed) {
        skipped.push(email.id);
        continue;
      }
      try {
        await this.transport.send(email.id, compose(email));
        sent.push(email.id);
      } catch (error) {
        const permanent = isPermanent(error);
        failures.push({ id: email.id, attempts: email.attempts + 1, error, permanent });
        if (permanent) refused.push({ email, error });
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
    for (const { email, error } of refused) await this.refusedForGood(email, error);
    for (const { id, error, attempts } of failures.filter((failure) => !failure.permanent)) {
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

  /**
   * Fails the e-mail and appends EmailUndeliverable, in one transaction, the status first: neither is kept
   * without the other. Its stream is the e-mail's, at version 0, so an e-mail refused again after
   * `emails:retry-failed` is failed again but not announced twice.
   */
  private async refusedForGood(email: Claimed, error: unknown): Promise<void> {
    const reason = describeFailure(error);
    const undeliverable: EmailUndeliverable = {
      type: 'EmailUndeliverable',
      data: { to: email.message.to, template: email.template, reason },
    };
    const appended = await this.db.transaction().execute(async (trx): Promise<RecordedEvent[]> => {
      await trx
        .updateTable('email_outbox')
        .set({ status: 'failed', attempts: sql`attempts + 1`, last_error: reason })
        .where('id', '=', email.id)
        .execute();
      try {
        return (await this.events.appendInTransaction(trx, emailStream(email.id), [undeliverable], 0)).events;
      } catch (appendError) {
        // Said already: the version check found the stream before writing anything, so the transaction goes on.
        if (appendError instanceof ConcurrencyError && appendError.actualVersion !== null) return [];
        throw appendError;
      }
    });
    this.events.published(appended);
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

/**
 * The receiving server refused this message for good: a 5xx reply to RCPT TO or DATA (550 no such user, 551,
 * 553, 554…), which no retry changes. A 5xx to the greeting, AUTH or MAIL FROM is about our own relay, account
 * or sender address, not the recipient: that is retried like a 4xx or a network error, so a misconfiguration
 * does not fail every e-mail and call every address undeliverable.
 */
export function isPermanent(error: unknown): boolean {
  const { responseCode, command } = (error ?? {}) as { responseCode?: unknown; command?: unknown };
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600 && (command === 'RCPT TO' || command === 'DATA');
}

/** Exponential backoff: base, 2×base, 4×base… before attempt n+1. */
export function retryDelay(baseMs: number, attemptsMade: number): number {
  return baseMs * 2 ** Math.max(0, attemptsMade - 1);
}
