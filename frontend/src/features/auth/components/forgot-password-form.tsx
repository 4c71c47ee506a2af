/**
 * "Forgot password?" on /auth and /admin/login: the address of the account, and a link to choose a new
 * password goes there. The answer reads the same whether or not an account uses the address.
 */
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field, fieldDescription } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { useSubmit } from '../../../lib/use-submit';
import { requestPasswordReset } from '../auth-client';
import { passwordResetErrorMessage } from '../messages';

/** The API's name of the form's field, with its label (a refusal goes under the field it names). */
const FIELDS = { email: 'Email' };

export function ForgotPasswordForm({ id, onBack }: { id: string; onBack: () => void }) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const { pending, error, fieldErrors, setError, send } = useSubmit();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSent(null);
    await send(() => requestPasswordReset(email), {
      onSuccess: ({ message }) => {
        setSent(message);
        setEmail('');
      },
      fields: FIELDS,
      onFailure: (failure) => ({ error: passwordResetErrorMessage(failure) }),
    });
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted-foreground">
        Enter the email address of your account and we will send you a link to choose a new password.
      </p>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <fieldset disabled={pending} className="flex flex-col gap-4">
          <Field id={`${id}-email`} label="Email" error={fieldErrors.email}>
            <Input
              id={`${id}-email`}
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                setError(null);
              }}
              {...fieldDescription(`${id}-email`, fieldErrors.email, null)}
            />
          </Field>
          {error && (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {error}
            </p>
          )}
          {sent && (
            <p role="status" className="rounded-md border border-primary/30 bg-primary/5 px-3 py-2 text-sm">
              {sent}
            </p>
          )}
          <Button type="submit" disabled={!email}>
            {pending ? 'Please wait...' : 'Send reset link'}
          </Button>
        </fieldset>
      </form>
      <button type="button" onClick={onBack} className="text-center text-sm font-medium text-primary underline-offset-4 hover:underline">
        Back to sign in
      </button>
    </div>
  );
}
