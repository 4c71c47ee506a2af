/**
 * The VIP-list box's content on the home and app pages: the real number of early adopters and spots left
 * (where the original showed fixed placeholders), and the waitlist form. Loaded when the box scrolls near.
 */
import { useEarlyAccessStatus } from '../api/get-status';
import { WaitlistForm } from './waitlist-form';

interface VipSignupProps {
  className?: string;
  /** Focus the e-mail field at once (VipSignupOnDemand: the visitor asked for the form). */
  autoFocus?: boolean;
}

export function VipSignup({ className, autoFocus }: VipSignupProps) {
  const { data: status } = useEarlyAccessStatus();
  return (
    <div className={className}>
      <p className="mb-3 min-h-5 text-sm font-medium text-primary" data-testid="early-adopters" aria-live="polite">
        {status &&
          (status.mode === 'waitlist'
            ? `${status.leadCount} early adopters have joined · all ${status.cap} Early Explorer spots are taken`
            : `${status.leadCount} early ${status.leadCount === 1 ? 'adopter has' : 'adopters have'} joined · ${status.spotsRemaining} ${status.spotsRemaining === 1 ? 'spot' : 'spots'} remaining`)}
      </p>
      <WaitlistForm autoFocus={autoFocus} />
    </div>
  );
}
