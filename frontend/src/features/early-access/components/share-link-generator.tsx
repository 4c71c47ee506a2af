/**
 * The home page's share-link generator (spec §4): an e-mail in, a referral link out, with a copy button. Every
 * address gets a link of its own, the same each time, and friends who join through it count for that
 * address, on the list or not (an address not on the list keeps it if it joins later). For an address on the
 * list the same link is also e-mailed to it; the answer looks the same either way, so the note under the
 * link says both.
 */
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Honeypot, honeypotOf } from '../../../components/ui/honeypot';
import { Input } from '../../../components/ui/input';
import { FieldMessages } from '../../../components/ui/field';
import { Label } from '../../../components/ui/label';
import { useSubmit } from '../../../lib/use-submit';
import { issueReferralCode } from '../api/issue-referral-code';
import { shareLink } from '../referral';
import { EMAIL_FIELD, validateEmail } from '../validation';
import { CopyButton } from './copy-button';
import { EmailInput } from './email-input';

export function ShareLinkGenerator() {
  const emailId = useId();
  const linkId = useId();
  const noteId = useId();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const { pending: generating, fieldErrors, send } = useSubmit();
  const [link, setLink] = useState<string | null>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trap = honeypotOf(event.currentTarget);
    const problem = validateEmail(email);
    if (problem) {
      setInvalid(true);
      toast.error(problem.title, { description: problem.description });
      return;
    }
    await send(() => issueReferralCode(email, trap.website), {
      log: 'Generating the share link failed',
      fields: EMAIL_FIELD,
      onFailure: () => {
        toast.error('Failed to generate share link');
      },
      onSuccess: ({ code }) => {
        setLink(shareLink(code, window.location.origin));
        toast.success('Your share link is ready!', {
          description: 'Share it: you earn 50% of the lifetime revenue of every friend who becomes a customer through it.',
        });
      },
    });
  }

  return (
    <div className="flex flex-col gap-4" data-testid="share-link-generator">
      <p className="text-pretty text-muted-foreground">
        Invite friends with your own link and earn <strong className="text-foreground">50% of the lifetime revenue</strong> of everyone who
        becomes a customer through it.
      </p>
      <form noValidate onSubmit={handleSubmit} className="@container flex flex-col gap-2">
        <Honeypot />
        <Label htmlFor={emailId}>Your email</Label>
        <div className="flex flex-col gap-2 @sm:flex-row">
          <EmailInput
            id={emailId}
            value={email}
            onValueChange={(value) => {
              setEmail(value);
              setInvalid(false);
            }}
            invalid={invalid}
            error={fieldErrors.email}
            disabled={generating}
          />
          <Button type="submit" className="h-10" disabled={generating || email.trim() === ''} aria-busy={generating}>
            Get my link
          </Button>
        </div>
        <FieldMessages id={emailId} error={fieldErrors.email} />
      </form>
      {link && (
        <div className="flex flex-col gap-2">
          <Label htmlFor={linkId}>Your share link</Label>
          <div className="flex gap-2">
            <Input id={linkId} readOnly value={link} aria-describedby={noteId} onFocus={(event) => event.currentTarget.select()} />
            <CopyButton text={link} />
          </div>
          <p id={noteId} className="text-sm text-pretty text-muted-foreground">
            Friends who join through this link count for this address. If it is on the list already, we have e-mailed the link to it too.
          </p>
        </div>
      )}
    </div>
  );
}
