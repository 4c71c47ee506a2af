/**
 * The Contact page's quick question: name, e-mail and a message with a live counter. Its form state lives
 * inside the content, which radix unmounts on close, so each opening starts afresh.
 */
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Honeypot, honeypotOf } from '../../../components/ui/honeypot';
import { ApiError } from '../../../lib/api-client';
import { trackConversion } from '../../../lib/conversions';
import { useSubmit } from '../../../lib/use-submit';
import { askQuickQuestion } from '../api/ask-quick-question';
import { isValidEmail } from '../../../../../contracts/email';
import { MESSAGE_MAX_LENGTH, MISSING_QUESTION } from '../../../../../contracts/feedback/fields';
import { INVALID_EMAIL, isBlank } from '../validation';
import { EmailField, FormDialog, type FormDialogProps, MessageField, NameField } from './fields';

/** The API's names of the form's fields, with their labels (a refusal goes under the field it names). */
const QUESTION_FIELDS = { name: 'Name', email: 'Email', message: 'Message' };

const FAILURE_FALLBACK = 'Please try again later or email us at team@unsheet.app.';

export function QuickQuestionDialog({ open, onOpenChange }: FormDialogProps) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Quick Question"
      description="Ask us anything. We'll get back to you within 24 hours."
    >
      {(close) => <QuickQuestionForm onDone={close} />}
    </FormDialog>
  );
}

function QuickQuestionForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const { pending: sending, fieldErrors, send } = useSubmit();
  const incomplete = isBlank(name) || isBlank(email) || isBlank(message);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const trap = honeypotOf(event.currentTarget);
    if (sending) return;
    if (incomplete) {
      toast.error('Missing information', { description: MISSING_QUESTION });
      return;
    }
    if (!isValidEmail(email)) {
      toast.error(INVALID_EMAIL.title, { description: INVALID_EMAIL.description });
      return;
    }

    await send(() => askQuickQuestion({ name: name.trim(), email: email.trim(), message: message.trim(), ...trap }), {
      log: 'Sending the quick question failed',
      fields: QUESTION_FIELDS,
      failureToast: (error) => ({
        title: 'Something went wrong',
        description: error instanceof ApiError && error.message ? error.message : FAILURE_FALLBACK,
      }),
      onSuccess: () => {
        trackConversion('contact_form');
        toast.success('Question sent!', { description: "We'll get back to you within 24 hours." });
        onDone();
      },
    });
  }

  return (
    // noValidate: the spec's own toasts replace the browser's validation bubbles.
    <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-4">
      <Honeypot />
      <NameField id={`${id}-name`} value={name} onValueChange={setName} disabled={sending} error={fieldErrors.name} />

      <EmailField id={`${id}-email`} value={email} onValueChange={setEmail} disabled={sending} error={fieldErrors.email} />

      <MessageField
        id={`${id}-message`}
        label="Message"
        name="message"
        maxLength={MESSAGE_MAX_LENGTH}
        value={message}
        onValueChange={setMessage}
        disabled={sending}
        error={fieldErrors.message}
      />

      <Button type="submit" className="h-10" disabled={incomplete || sending} aria-busy={sending}>
        {sending ? 'Sending…' : 'Send Question'}
      </Button>
    </form>
  );
}
