import { auditTrailKey, useAuditTrail } from '../api/get-audit-trail';
import { formatDateTime } from '../format';

const changesOf = (leadId: string) => ({ subject: leadId, pageSize: 50 });

/** What LeadChanges reads: revalidated after a change made on the page (a voided referral). */
export const leadChangesKey = (leadId: string) => auditTrailKey(changesOf(leadId));

/** The admin changes to one lead (audit trail entries naming it): who changed what and when. */
export function LeadChanges({ leadId }: { leadId: string }) {
  const { data, error } = useAuditTrail(changesOf(leadId));
  if (error) return <p className="text-sm text-muted-foreground">The changes could not be loaded.</p>;
  if (!data) return <p className="text-sm text-muted-foreground">Loading changes...</p>;
  if (data.entries.length === 0) return <p className="text-sm text-muted-foreground">No admin changes to this lead yet.</p>;
  return (
    <ul className="divide-y" aria-label="Changes">
      {data.entries.map((entry) => (
        <li key={entry.position} className="py-2 text-sm">
          <p className="font-medium break-words">{entry.description}</p>
          <p className="text-xs break-words text-muted-foreground">
            {entry.actor.email ?? entry.actor.userId} · {formatDateTime(entry.at)}
          </p>
        </li>
      ))}
    </ul>
  );
}
