/**
 * Delivers one outbox e-mail, in both modes: skip it if it is no longer pending (already sent, or failed
 * for good) or if it is marketing to an address that unsubscribed; otherwise send it and mark it sent.
 * A send that fails is counted and its error kept; the caller decides when to try again.
 */
import { sql } from 'kysely';
import type { Db } from '../../shared/db/tables.js';
import type { MailTransport } from './mail-transport.js';

export type DeliveryResult = 'sent' | 'skipped' | 'not-pending';

export class EmailSender {
  constructor(
    private readonly db: Db,
    private readonly transport: MailTransport,
  ) {}

  async deliver(id: string): Promise<DeliveryResult> {
    // The e-mail and whether its recipient unsubscribed, in one round trip.
    const email = await this.db
      .selectFrom('email_outbox as o')
      .leftJoin('email_unsubscribes as u', 'u.email_key', 'o.recipient_key')
      .select(['o.status', 'o.marketing', 'o.message', (eb) => eb('u.email_key', 'is not', null).as('unsubscribed')])
      .where('o.id', '=', id)
      .executeTakeFirst();
    if (!email || email.status !== 'pending') return 'not-pending';
    if (email.marketing && email.unsubscribed) {
      await this.setStatus(id, 'skipped');
      return 'skipped';
    }
    try {
      await this.transport.send(id, email.message);
    } catch (error) {
      await this.db
        .updateTable('email_outbox')
        .set({ attempts: sql`attempts + 1`, last_error: describe(error) })
        .where('id', '=', id)
        .execute();
      throw error;
    }
    await this.db
      .updateTable('email_outbox')
      .set({ status: 'sent', attempts: sql`attempts + 1`, sent_at: sql`now()`, last_error: null })
      .where('id', '=', id)
      .execute();
    return 'sent';
  }

  async markFailed(id: string): Promise<void> {
    await this.setStatus(id, 'failed');
  }

  private async setStatus(id: string, status: 'skipped' | 'failed'): Promise<void> {
    await this.db.updateTable('email_outbox').set({ status }).where('id', '=', id).where('status', '=', 'pending').execute();
  }
}

/** The error kept for operators: the SMTP reply or message, without the message itself. */
function describe(error: unknown): string {
  const { message, responseCode } = error as { message?: string; responseCode?: number };
  return `${responseCode ? `${responseCode} ` : ''}${message ?? String(error)}`.slice(0, 500);
}

/** Exponential backoff: base, 2×base, 4×base… before attempt n+1. */
export function retryDelay(baseMs: number, attemptsMade: number): number {
  return baseMs * 2 ** Math.max(0, attemptsMade - 1);
}
