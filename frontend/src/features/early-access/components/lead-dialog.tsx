/**
 * The lead dialog (every 'Join Explorers' and 'Claim Spot'): Early Explorers mode while fewer than 100 have
 * joined, wait-list mode after (spec §4), in the words of lib/early-access-wording. Its form state lives
 * inside the content, so closing it starts afresh; joining again with the same e-mail gives the same place
 * and link back.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import type { EarlyAccessStatus } from '../../../../../contracts/early-access/waitlist';
import { earlyAccessWording } from '../../../lib/early-access-wording';
import { useEarlyAccessStatus } from '../api/get-status';
import { JoinResult, toJoined, type Joined } from './join-result';
import { JoinEmailForm } from './waitlist-form';

interface LeadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function LeadDialog({ open, onOpenChange }: LeadDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {/* Radix unmounts the content when closed, so each opening starts with an empty form. */}
      <DialogContent>
        <LeadDialogBody />
      </DialogContent>
    </Dialog>
  );
}

function LeadDialogBody() {
  const status = useEarlyAccessStatus();
  const [joined, setJoined] = useState<Joined | null>(null);

  if (joined) {
    return (
      <>
        <DialogDescription className="sr-only">Your place on the list and your share link.</DialogDescription>
        <JoinResult joined={joined} headingAs={DialogTitle} />
      </>
    );
  }

  return (
    <>
      <StatusHeader status={status.data} failed={!!status.error} />
      <JoinEmailForm
        submitLabel="Join Now"
        failure={{ title: 'Something went wrong', description: 'Please try again later.' }}
        onJoined={(result) => {
          const welcome = result.earlyExplorer
            ? `Welcome, Early Explorer #${result.position}! Your lifetime access is reserved.`
            : `You're #${result.position} on the wait-list.`;
          toast.success('Success! 🎉', { description: welcome });
          setJoined(toJoined(result));
        }}
      />
    </>
  );
}

function StatusHeader({ status, failed }: { status: EarlyAccessStatus | undefined; failed: boolean }) {
  if (!status) {
    // No figure until the real one arrives; if it cannot, joining still works without it.
    return (
      <DialogHeader>
        <DialogTitle>{failed ? 'Join the Early Explorers' : <span className="sr-only">Early access</span>}</DialogTitle>
        {failed ? (
          <DialogDescription>Leave your e-mail and we will tell you where you stand.</DialogDescription>
        ) : (
          <>
            <DialogDescription className="sr-only">Loading how many spots remain…</DialogDescription>
            {/* Skeleton bars drawn here rather than with ui/skeleton: importing it from this lazy chunk makes
                the bundler split it into one more first-load file on the app page, which is at its budget. */}
            <div data-testid="status-loading" aria-hidden="true" className="flex animate-pulse flex-col gap-2">
              <div className="h-6 w-2/3 rounded-md bg-muted" />
              <div className="h-4 w-full rounded-md bg-muted" />
              <div className="h-4 w-1/3 rounded-md bg-muted" />
            </div>
          </>
        )}
      </DialogHeader>
    );
  }

  const wording = earlyAccessWording(status.mode, status.cap);
  return (
    <DialogHeader>
      <DialogTitle>{wording.dialogTitle}</DialogTitle>
      <DialogDescription>{wording.dialogDescription}</DialogDescription>
      {status.mode === 'early-explorers' && (
        <p className="text-sm font-semibold text-primary">
          {status.spotsRemaining} {status.spotsRemaining === 1 ? 'spot' : 'spots'} remaining
        </p>
      )}
    </DialogHeader>
  );
}
