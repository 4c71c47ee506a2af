import { withRows, type ColumnTypes } from '../../shared/db/unnest.js';
import type { RecordedEvent } from '../../shared/event-store/events.js';
import { inRuns, type Projection } from '../../shared/projections/projection.js';
import type { LeadDeleted, LeadJoined } from './lead.events.js';

/**
 * The spec's leads table, inline: the join command reads it (under its lock) to find a returning e-mail, and
 * the admin's list shows a deletion at once.
 */
export const leadsProjection: Projection<LeadJoined | LeadDeleted> = {
  name: 'leads',
  mode: 'inline',
  handles: ['LeadJoined', 'LeadDeleted'],
  tables: ['leads'],
  // Set-wise: a group of joins comes as one batch and is one INSERT; deletions in between keep their place.
  handle: (trx, events) =>
    inRuns(
      events,
      'LeadJoined',
      (joins) => withRows(trx.insertInto('leads'), joins.map(toRow), LEAD_COLUMNS).execute(),
      (deleted) => trx.deleteFrom('leads').where('id', '=', deleted.data.leadId).execute(),
    ),
};

type LeadRow = ReturnType<typeof toRow>;

const LEAD_COLUMNS: ColumnTypes<LeadRow> = {
  id: 'uuid',
  email: 'text',
  source_page: 'text',
  referral_code: 'text',
  referred_by: 'text',
  waitlist_position: 'integer',
  disposable_email: 'boolean',
  created_at: 'timestamptz',
};

function toRow({ data, createdAt }: RecordedEvent<LeadJoined>) {
  return {
    id: data.leadId,
    email: data.email,
    source_page: data.sourcePage,
    referral_code: data.referralCode,
    referred_by: data.referredBy,
    waitlist_position: data.position,
    disposable_email: data.disposableEmail ?? false,
    created_at: createdAt,
  };
}
