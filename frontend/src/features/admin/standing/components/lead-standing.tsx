/**
 * A lead's standing, as the Leads tab's cells and the lead detail's Standing card both show it: the status
 * badge, the flags with their reasons in plain text (read by everyone, not hidden in a tooltip), and the
 * referral the lead joined through with where it stands and why it does not count.
 */
import { Badge } from '../../../../components/ui/badge';
import { cn } from '../../../../lib/utils';
import type { LeadFlag, LeadReferral, LeadStatus } from '../../../../../../contracts/early-access/lead';
import {
  FLAG_CLASS,
  FLAG_LABELS,
  LEAD_STATUS_LABELS,
  REFERRAL_STANDING_LABELS,
  leadStatusClass,
  referralReason,
  referralStandingClass,
} from '../standing-rules';

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return (
    <Badge data-lead-status={status} className={leadStatusClass(status)}>
      {LEAD_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The flags, each a badge with its reason under it; `null` when there are none (the caller says so its way). */
export function LeadFlags({ flags, className }: { flags: readonly LeadFlag[]; className?: string }) {
  if (flags.length === 0) return null;
  return (
    <ul aria-label="Flags" className={cn('flex flex-col gap-2', className)}>
      {flags.map((flag) => (
        <li key={flag.code} data-flag={flag.code} className="flex flex-col items-start gap-0.5">
          <Badge className={FLAG_CLASS}>
            <WarningIcon />
            {FLAG_LABELS[flag.code]}
          </Badge>
          <span className="text-xs text-pretty text-muted-foreground">{flag.reason}</span>
        </li>
      ))}
    </ul>
  );
}

/** The referrer's code and the referral's standing badge, with the reason when it was refused or voided. */
export function LeadReferralSummary({ referral }: { referral: LeadReferral }) {
  const reason = referralReason(referral);
  return (
    <div className="flex flex-col items-start gap-0.5" data-referral-status={referral.status}>
      <div className="flex flex-wrap items-center gap-1.5">
        <span className="font-mono text-xs">{referral.referrer_code}</span>
        <Badge className={referralStandingClass(referral.status)}>{REFERRAL_STANDING_LABELS[referral.status]}</Badge>
      </div>
      {reason && <span className="text-xs text-pretty text-muted-foreground">{reason}</span>}
    </div>
  );
}

function WarningIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="size-3"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
    >
      <path d="M12 3 2 21h20L12 3Z" strokeLinejoin="round" />
      <path d="M12 10v5M12 18h.01" />
    </svg>
  );
}
