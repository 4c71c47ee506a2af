/**
 * 'Apply as a Developer' (header, mobile menu, About page): name, e-mail and message required, portfolio
 * and LinkedIn URLs optional. Its form state lives inside the content, which radix unmounts on close.
 */
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Honeypot, honeypotOf } from '../../../components/ui/honeypot';
import { useSubmit } from '../../../lib/use-submit';
import { submitDeveloperInquiry } from '../api/submit-developer-inquiry';
import { MISSING_INQUIRY } from '../../../../../contracts/feedback/fields';
import { isBlank } from '../validation';
import { EmailField, FormDialog, type FormDialogProps, MessageField, NameField, TextField } from './fields';

export function DeveloperInquiryDialog({ open, onOpenChange }: FormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Apply as a Developer"
      description="Want to build small AI tools with us? Tell us about yourself."
    >
      {(close) => <DeveloperInquiryForm onDone={close} />}
    </FormDialog>
  );
}

/** The API's names of the form's fields, with their labels (a refusal goes under the field it names). */
const INQUIRY_FIELDS = { name: 'Name', email: 'Email', message: 'Message', portfolio_url: 'Portfolio URL', linkedin_url: 'LinkedIn URL' };

function orNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

function DeveloperInquiryForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [portfolio, setPortfolio] = useState('');
  const [linkedin, setLinkedin] = useState('');
  const { pending: submitting, fieldErrors, send } = useSubmit();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trap = honeypotOf(event.currentTarget);
    if (submitting) return;
    if (isBlank(name) || isBlank(email) || isBlank(message)) {
      toast.error('Missing Information', { description: MISSING_INQUIRY });
      return;
    }

    await send(
      () =>
        submitDeveloperInquiry({
          ...trap,
          name: name.trim(),
          email: email.trim(),
          message: message.trim(),
          portfolio_url: orNull(portfolio),
          linkedin_url: orNull(linkedin),
        }),
      {
        log: 'Submitting the developer inquiry failed',
        fields: INQUIRY_FIELDS,
        failureToast: { title: 'Error', description: 'Failed to submit your inquiry. Please try again.' },
        onSuccess: () => {
          toast.success('Thank you!', { description: "We'll get back to you soon!" });
          onDone();
        },
      },
    );
  }

  // Not noValidate: no field is `required` (the spec's toast covers missing ones), so the browser only steps
  // in for a malformed e-mail or URL, the one check the spec gives these fields (§5: "of URL type").
  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-4">
      <Honeypot />
      <NameField id={`${id}-name`} value={name} onValueChange={setName} disabled={submitting} error={fieldErrors.name} />

      <EmailField id={`${id}-email`} value={email} onValueChange={setEmail} disabled={submitting} error={fieldErrors.email} />

      <MessageField
        id={`${id}-message`}
        label="Message"
        name="message"
        placeholder="What you build, what you would like to work on…"
        value={message}
        onValueChange={setMessage}
        disabled={submitting}
        error={fieldErrors.message}
      />

      <TextField
        id={`${id}-portfolio`}
        label="Portfolio URL (optional)"
        type="url"
        name="portfolio_url"
        autoComplete="url"
        placeholder="https://"
        value={portfolio}
        onValueChange={setPortfolio}
        disabled={submitting}
        error={fieldErrors.portfolio_url}
      />

      <TextField
        id={`${id}-linkedin`}
        label="LinkedIn URL (optional)"
        type="url"
        name="linkedin_url"
        placeholder="https://www.linkedin.com/in/…"
        value={linkedin}
        onValueChange={setLinkedin}
        disabled={submitting}
        error={fieldErrors.linkedin_url}
      />

      <Button type="submit" className="h-10" disabled={submitting} aria-busy={submitting}>
        {submitting ? 'Sending…' : 'Submit Application'}
      </Button>
    </form>
  );
}
