/**
 * Voiding the referral a lead joined through, behind a confirmation that names the lead, the referrer and
 * what changes (it cannot be undone); the dialog stays open, busy, until the answer comes. Whatever the
 * answer, the caller refreshes what it shows (`onSettled`): a failure (the lead deleted meanwhile, no
 * referral after all) means its copy was out of date.
 */
import { toast } from 'sonner';
import { Button } from '../../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { ApiError, FALLBACK_MESSAGE } from '../../../../lib/api-client';
import { useSubmit } from '../../../../lib/use-submit';
import { voidReferral } from '../api/void-referral';
import { voidConsequence, type VoidTarget } from '../standing-rules';

interface VoidReferralDialogProps {
  /** The lead whose referral is to be voided; null keeps the dialog closed. */
  target: VoidTarget | null;
  onClose: () => void;
  onSettled: () => unknown;
}

export function VoidReferralDialog({ target, onClose, onSettled }: VoidReferralDialogProps) {
  const { pending, send } = useSubmit();

  async function confirm(lead: VoidTarget) {
    await send(() => voidReferral(lead.id), {
      log: 'Voiding the referral failed',
      failureToast: (error) => ({
        title: 'Failed to void referral',
        description: error instanceof ApiError ? error.message : FALLBACK_MESSAGE,
      }),
      onSuccess: () => {
        toast.success('Referral voided', {
          description: `${lead.email}'s referral no longer counts for ${lead.referral.referrer_code}.`,
        });
      },
    });
    onClose();
    await onSettled();
  }

  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && !pending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Void this referral?</DialogTitle>
          <DialogDescription>
            <span className="font-medium break-all text-foreground">{target?.email}</span> joined through the link of{' '}
            <span className="font-mono font-medium text-foreground">{target?.referral.referrer_code}</span>.{' '}
            {target && voidConsequence(target.referral.status)} The lead stays on the list. This cannot be undone.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button type="button" variant="outline" disabled={pending} onClick={onClose}>
            Cancel
          </Button>
          <Button
            type="button"
            className="bg-destructive text-white hover:bg-destructive/90"
            disabled={pending}
            aria-busy={pending}
            onClick={() => target && void confirm(target)}
          >
            {pending ? 'Voiding...' : 'Void referral'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
