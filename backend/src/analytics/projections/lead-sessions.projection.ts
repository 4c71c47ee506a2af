/**
 * Which browser session each lead joined from (LeadJoined.sessionId, sent by every way of joining: the join
 * form, wherever it is shown and whatever share link brought the visitor, and the quiz): the start of the
 * lead's activity timeline, which takes in every other session of the same visitor id. Events written before
 * the field existed, quiz joins before the quiz sent it, or joins without a session, give a lead with no session.
 */
import { inRuns, type Projection } from '../../shared/projections/projection.js';
import type { LeadDeleted, LeadJoined } from '../../early-access/waitlist/lead.events.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const leadSessionsProjection: Projection<LeadJoined | LeadDeleted> = {
  name: 'analytics-lead-sessions',
  mode: 'async',
  handles: ['LeadJoined', 'LeadDeleted'],
  tables: ['lead_sessions'],
  // Set-wise: a group of joins is one INSERT; a deletion keeps its place between them.
  handle: (trx, events) =>
    inRuns(
      events,
      'LeadJoined',
      (joins) =>
        trx
          .insertInto('lead_sessions')
          .values(
            joins.map(({ data, createdAt }) => ({
              lead_id: data.leadId,
              email: data.email,
              session_id: sessionIdOf(data),
              joined_at: createdAt,
            })),
          )
          .onConflict((oc) => oc.column('lead_id').doNothing())
          .execute(),
      (deleted) => trx.deleteFrom('lead_sessions').where('lead_id', '=', deleted.data.leadId).execute(),
    ),
};

/** Read defensively: the field is optional and comes from the visitor's browser. */
function sessionIdOf(data: object): string | null {
  const value = (data as { sessionId?: unknown }).sessionId;
  return typeof value === 'string' && UUID.test(value) ? value.toLowerCase() : null;
}
