/**
 * Joining the list by e-mail. JoinEmailForm is the form itself (the spec's validation toasts, a submitting
 * state that disables it, the referral code sent along) and serves the lead dialog too; WaitlistForm is the
 * VIP-list version on the home and app pages, which swaps itself for the JoinResult once joined.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Honeypot, honeypotOf } from '../../../components/ui/honeypot';
import { FieldMessages } from '../../../components/ui/field';
import { Label } from '../../../components/ui/label';
import { trackConversion } from '../../../lib/conversions';
import { useSubmit } from '../../../lib/use-submit';
import { cn } from '../../../lib/utils';
import type { JoinWaitlistResult } from '../../../../../contracts/early-access/waitlist';
import { useJoinWaitlist } from '../api/join-waitlist';
import { readReferral } from '../referral';
import { EMAIL_FIELD, validateEmail } from '../validation';
import { JoinResult, toJoined, type Joined } from './join-result';
import { EmailInput } from './email-input';

interface JoinEmailFormProps {
  submitLabel: string;
  /** Called with the server's answer; the success toast is the caller's, as its text differs. */
  onJoined: (result: JoinWaitlistResult) => void;
  failure: { title: string; description: string };
  className?: string;
  autoFocus?: boolean | undefined;
}

export function JoinEmailForm({ submitLabel, onJoined, failure, className, autoFocus }: JoinEmailFormProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { pathname } = useLocation();
  const join = useJoinWaitlist();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const { pending: submitting, fieldErrors, send } = useSubmit();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trap = honeypotOf(event.currentTarget);
    const problem = validateEmail(email);
    if (problem) {
      setInvalid(true);
      toast.error(problem.title, { description: problem.description });
      inputRef.current?.focus();
      return;
    }

    await send(() => join({ email, source_page: pathname, ref: readReferral(), ...trap }), {
      log: 'Joining the list failed',
      fields: EMAIL_FIELD,
      failureToast: failure,
      onSuccess: (result) => {
        trackConversion('lead');
        onJoined(result);
      },
    });
  }

  return (
    // noValidate: the spec's own toasts replace the browser's validation bubbles. @container: the form sits
    // in wide sections and in the narrow app-page side box alike.
    <div className={cn('@container', className)}>
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-2">
        <Honeypot />
        <Label htmlFor={inputId}>Email</Label>
        <div className="flex flex-col gap-2 @sm:flex-row">
          <EmailInput
            ref={inputRef}
            id={inputId}
            autoFocus={autoFocus}
            value={email}
            onValueChange={(value) => {
              setEmail(value);
              setInvalid(false);
            }}
            invalid={invalid}
            error={fieldErrors.email}
            disabled={submitting}
          />
          <Button type="submit" disabled={submitting} aria-busy={submitting} className="h-10">
            {submitLabel}
          </Button>
        </div>
        <FieldMessages id={inputId} error={fieldErrors.email} />
      </form>
    </div>
  );
}

export function WaitlistForm({ className, autoFocus }: { className?: string; autoFocus?: boolean | undefined }) {
  const [joined, setJoined] = useState<Joined | null>(null);

  if (joined) return <JoinResult joined={joined} className={className} />;
  return (
    <JoinEmailForm
      className={className}
      autoFocus={autoFocus}
      submitLabel="Join the VIP List"
      failure={{ title: 'Error', description: 'Could not join the list. Please try again.' }}
      onJoined={(result) => {
        toast.success('Welcome to the VIP list!', { description: `You are #${result.position} on the list.` });
        setJoined(toJoined(result));
      }}
    />
  );
}
