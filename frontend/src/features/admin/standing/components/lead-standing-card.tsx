/**
 * The lead detail's Standing card: the lead's place and status (with when it confirmed), its flags, and the
 * referral it joined through, which can be voided from here as from the Leads tab.
 */
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../../components/ui/card';
import type { LeadStanding } from '../../../../../../contracts/early-access/lead';
import { formatDateTime } from '../../insights/format';
import { statusNote, voidTarget, type VoidTarget } from '../standing-rules';
import { LeadFlags, LeadReferralSummary, LeadStatusBadge } from './lead-standing';
import { VoidReferralDialog } from './void-referral-dialog';

interface LeadStandingCardProps {
  lead: { id: string; email: string; standing: LeadStanding };
  /** Reads the lead again after a voiding. */
  onChanged: () => unknown;
}

export function LeadStandingCard({ lead: { id, email, standing }, onChanged }: LeadStandingCardProps) {
  const [voiding, setVoiding] = useState<VoidTarget | null>(null);
  const voidable = voidTarget({ id, email, referral: standing.referral });
  return (
    <Card>
      <CardHeader>
        <h2 className="leading-tight font-semibold">Standing</h2>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-5 text-sm sm:grid-cols-3">
          <div className="flex flex-col gap-1.5" data-standing="status">
            <dt className="text-muted-foreground">Status</dt>
            <dd className="flex flex-col items-start gap-1">
              <span className="flex items-center gap-2">
                <LeadStatusBadge status={standing.status} />
                <span className="font-medium tabular-nums">#{standing.position} on the list</span>
              </span>
              <span className="text-xs text-pretty text-muted-foreground">{statusNote(standing, formatDateTime)}</span>
            </dd>
          </div>
          <div className="flex flex-col gap-1.5" data-standing="flags">
            <dt className="text-muted-foreground">Flags</dt>
            <dd>{standing.flags.length > 0 ? <LeadFlags flags={standing.flags} /> : 'None'}</dd>
          </div>
          <div className="flex flex-col gap-1.5" data-standing="referral">
            <dt className="text-muted-foreground">Joined through</dt>
            <dd className="flex flex-col items-start gap-2">
              {standing.referral ? <LeadReferralSummary referral={standing.referral} /> : 'No referral'}
              {voidable && (
                <Button type="button" variant="outline" size="sm" onClick={() => setVoiding(voidable)}>
                  Void referral
                </Button>
              )}
            </dd>
          </div>
        </dl>
      </CardContent>
      <VoidReferralDialog target={voiding} onClose={() => setVoiding(null)} onSettled={onChanged} />
    </Card>
  );
}
