/**
 * The confirmation page's second step, when more than one sign-up used the address: the password of the
 * sign-up, so that a link sent for someone else's sign-up (made after the visitor's own) confirms nothing.
 */
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { useSubmit } from '../../../lib/use-submit';
import { confirmEmail } from '../auth-client';
import { passwordResetErrorMessage } from '../messages';
import { PasswordInput } from './password-input';

export function ConfirmPasswordForm({
  token,
  prompt,
  onConfirmed,
}: {
  token: string;
  /** Why the password is asked for (the server's sentence). */
  prompt: string;
  onConfirmed: (redirectTo: string) => void;
}) {
  const [password, setPassword] = useState('');
  const { pending, error, send } = useSubmit();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await send(() => confirmEmail(token, password), {
      onSuccess: ({ redirectTo }) => onConfirmed(redirectTo),
      onFailure: (failure) => ({ error: passwordResetErrorMessage(failure, 'password', 'token') }),
    });
  }

  return (
    <form onSubmit={submit} className="flex w-full flex-col gap-4 text-left">
      <p className="text-sm text-muted-foreground">{prompt}</p>
      <fieldset disabled={pending} className="flex flex-col gap-4">
        <Field id="confirm-password" label="Password">
          <PasswordInput
            id="confirm-password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </Field>
        {error && (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
            {error}
          </p>
        )}
        <Button type="submit" disabled={!password}>
          {pending ? 'Please wait...' : 'Confirm my account'}
        </Button>
      </fieldset>
    </form>
  );
}
