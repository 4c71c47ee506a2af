/**
 * What a visitor sees once they have joined: their place, a reminder to confirm their address (the spot and
 * invites count only then), a share link to copy, and the reward tiers their invites unlock. Shown by both
 * the lead dialog and the VIP-list form.
 */
import { useEffect, useId, useRef, type ElementType } from 'react';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { cn } from '../../../lib/utils';
import type { JoinWaitlistResult } from '../../../../../contracts/early-access/waitlist';
import { useReferral } from '../api/get-referral';
import { shareLink } from '../referral';
import { confirmReminder, placeText } from '../join-messages';
import { CopyButton } from './copy-button';
import { REWARD_TIERS } from '../../../../../contracts/early-access/rewards';

export interface Joined extends Pick<JoinWaitlistResult, 'position' | 'refCode' | 'earlyExplorer' | 'alreadyJoined'> {
  /** Absolute share link; built in the submit handler, where window exists. */
  link: string;
}

/** Call from an event handler (reads window.location). */
export function toJoined({ position, refCode, earlyExplorer, alreadyJoined }: JoinWaitlistResult): Joined {
  return { position, refCode, earlyExplorer, alreadyJoined, link: shareLink(refCode, window.location.origin) };
}

interface JoinResultProps {
  joined: Joined;
  /** The element for the heading: the lead dialog passes its DialogTitle. */
  headingAs?: ElementType;
  className?: string;
}

export function JoinResult({ joined, headingAs: Heading = 'h3', className }: JoinResultProps) {
  const linkId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form that was focused is gone; start keyboard and screen-reader users at the news.
  useEffect(() => headingRef.current?.focus(), []);
  const referral = useReferral(joined.refCode);
  const invites = referral.data?.stats.total_signups;

  return (
    <div data-testid="join-result" className={cn('flex flex-col gap-4', className)}>
      {/* pr-8 keeps the text clear of a dialog's corner close button. */}
      <div className="flex flex-col gap-1.5 pr-8">
        <Heading ref={headingRef} tabIndex={-1} className="text-lg leading-tight font-semibold outline-none">
          {placeText(joined)}
        </Heading>
        <p className="text-sm font-medium text-pretty">{confirmReminder(joined.alreadyJoined)}</p>
        <p className="text-sm text-muted-foreground">
          Share your link: every friend who joins through it earns you 50% of their lifetime revenue.
        </p>
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={linkId}>Your share link</Label>
        <div className="flex gap-2">
          <Input id={linkId} readOnly value={joined.link} onFocus={(event) => event.currentTarget.select()} />
          <CopyButton text={joined.link} />
        </div>
      </div>

      <div className="text-sm font-medium" aria-live="polite">
        {invites === undefined ? (
          referral.error ? (
            'Invites could not be loaded.'
          ) : (
            // A skeleton bar; not ui/skeleton, for the first-load budget (see lead-dialog.tsx).
            <span className="block h-5 w-32 animate-pulse rounded-md bg-muted">
              <span className="sr-only">Loading invites…</span>
            </span>
          )
        ) : (
          `${invites} ${invites === 1 ? 'friend' : 'friends'} invited`
        )}
      </div>

      <ul aria-label="Rewards" className="flex flex-col gap-2">
        {REWARD_TIERS.map((tier) => {
          const unlocked = invites !== undefined && invites >= tier.invites;
          return (
            <li
              key={tier.invites}
              data-unlocked={unlocked}
              className={cn(
                'flex items-center gap-3 rounded-md border px-3 py-2 text-sm',
                unlocked ? 'border-primary/40 bg-primary/10' : 'text-muted-foreground',
              )}
            >
              <span aria-hidden="true" className="flex w-4 justify-center">
                {unlocked ? '✓' : <LockIcon />}
              </span>
              <span className="flex-1">
                <span className="font-medium text-foreground">
                  {tier.invites} {tier.invites === 1 ? 'invite' : 'invites'}:
                </span>{' '}
                {tier.reward}
              </span>
              <span className="sr-only">{unlocked ? '(unlocked)' : '(locked)'}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

// An SVG rather than the emoji, which many system fonts (and headless browsers) lack.
function LockIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </svg>
  );
}
