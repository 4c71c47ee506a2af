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
import { subscribeNewsletter } from '../api/subscribe-newsletter';
import { EMAIL_FIELD, validateEmail } from '../validation';
import { EmailInput } from './email-input';

export function NewsletterForm({ className }: { className?: string }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { pathname } = useLocation();
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

    await send(() => subscribeNewsletter({ email, source_page: pathname, ...trap }), {
      log: 'Newsletter subscription failed',
      fields: EMAIL_FIELD,
      failureToast: { title: 'Something went wrong', description: 'Please try again later.' },
      onSuccess: () => {
        trackConversion('newsletter');
        toast.success('Subscribed! 📧', { description: "You'll be the first to know about new AI tools." });
        setEmail('');
      },
    });
  }

  return (
    // noValidate: the spec's own toasts replace the browser's validation bubbles.
    <form noValidate onSubmit={handleSubmit} className={cn('flex w-full flex-col gap-2 sm:flex-row', className)}>
      <Honeypot />
      <Label htmlFor={inputId} className="sr-only">
        Email address
      </Label>
      <EmailInput
        ref={inputRef}
        id={inputId}
        value={email}
        onValueChange={(value) => {
          setEmail(value);
          setInvalid(false);
        }}
        invalid={invalid}
        error={fieldErrors.email}
        disabled={submitting}
        className="sm:max-w-xs"
      />
      <Button type="submit" disabled={submitting} aria-busy={submitting} className="h-10">
        Subscribe
      </Button>
      <div className="sm:basis-full">
        <FieldMessages id={inputId} error={fieldErrors.email} />
      </div>
    </form>
  );
}
