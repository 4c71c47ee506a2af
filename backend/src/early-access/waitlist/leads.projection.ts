import type { EmailUndeliverable } from '../../notifications/email/email.events.js';
import { withRows, type ColumnTypes } from '../../shared/db/unnest.js';
import type { RecordedEvent } from '../../shared/event-store/events.js';
import { inRuns, type Projection } from '../../shared/projections/projection.js';
import { mailboxKey } from '../../shared/validation/email.js';
import { EARLY_EXPLORERS_CAP } from '../../../../contracts/early-access/rewards.js';
import type { LeadConfirmed, LeadDeleted, LeadJoined, ReferralVoided } from './lead.events.js';

type Handled = LeadJoined | LeadDeleted | LeadConfirmed | ReferralVoided | EmailUndeliverable;

/**
 * The spec's leads table, with each lead's standing (confirmation, referral, a mail server's refusal), inline:
 * the join command reads it (under its lock) to find a returning e-mail and count the spots taken, and the
 * admin's list shows a change at once. The mailbox is derived here, not stored in the log, so erasing the
 * address (which masks the events and rebuilds this) leaves nothing of it.
 */
export const leadsProjection: Projection<Handled> = {
  name: 'leads',
  mode: 'inline',
  handles: ['LeadJoined', 'LeadDeleted', 'LeadConfirmed', 'ReferralVoided', 'EmailUndeliverable'],
  tables: ['leads'],
  // Set-wise: a group of joins comes as one batch and is one INSERT; other events keep their place.
  handle: (trx, events) =>
    inRuns(
      events,
      'LeadJoined',
      (joins) => withRows(trx.insertInto('leads'), joins.map(toRow), LEAD_COLUMNS).execute(),
      async (event) => {
        switch (event.type) {
          case 'LeadDeleted':
            return trx.deleteFrom('leads').where('id', '=', event.data.leadId).execute();
          case 'LeadConfirmed':
            return trx
              .updateTable('leads')
              .set({
                confirmed_at: event.createdAt,
                referral_credited: event.data.credited !== null,
                ...(event.data.earlyExplorer !== undefined && { early_explorer: event.data.earlyExplorer }),
              })
              .where('id', '=', event.data.leadId)
              .execute();
          case 'ReferralVoided':
            return trx
              .updateTable('leads')
              .set({ referral_voided_at: event.createdAt, referral_credited: false })
              .where('id', '=', event.data.leadId)
              .execute();
          case 'EmailUndeliverable':
            return trx
              .updateTable('leads')
              .set({ undeliverable_reason: event.data.reason })
              .where('email', '=', event.data.to.trim().toLowerCase())
              .execute();
        }
      },
    ),
};

type LeadRow = ReturnType<typeof toRow>;

const LEAD_COLUMNS: ColumnTypes<LeadRow> = {
  id: 'uuid',
  email: 'text',
  mailbox: 'text',
  source_page: 'text',
  referral_code: 'text',
  referred_by: 'text',
  referral_refused: 'text',
  waitlist_position: 'integer',
  early_explorer: 'boolean',
  disposable_email: 'boolean',
  client_key: 'text',
  // Text, not uuid: only compared for the referral-burst flag, and a LeadJoined from before the API checked
  // the session id may hold any string.
  session_id: 'text',
  created_at: 'timestamptz',
};

function toRow({ data, createdAt }: RecordedEvent<LeadJoined>) {
  return {
    id: data.leadId,
    email: data.email,
    mailbox: mailboxKey(data.email),
    source_page: data.sourcePage,
    referral_code: data.referralCode,
    referred_by: data.referredBy,
    referral_refused: data.referralRefused ?? null,
    waitlist_position: data.position,
    early_explorer: data.earlyExplorer ?? data.position <= EARLY_EXPLORERS_CAP,
    disposable_email: data.disposableEmail ?? false,
    client_key: data.clientKey ?? null,
    session_id: data.sessionId,
    created_at: createdAt,
  };
}
