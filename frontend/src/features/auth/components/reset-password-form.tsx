/**
 * The new-password form a reset link opens: the new password twice (the sign-up's rules and messages), then
 * the account's other sessions end and this visitor is signed in.
 */
import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { useSubmit } from '../../../lib/use-submit';
import type { Session } from '../../../../../contracts/identity/session';
import { resetPassword } from '../auth-client';
import { passwordResetErrorMessage, signUpProblem } from '../messages';
import { NewPasswordFields } from './new-password-fields';

/** The API's name of the form's field, with its label (a refusal goes under the field it names). */
const FIELDS = { password: 'New password' };

export function ResetPasswordForm({ token, onReset }: { token: string; onReset: (session: Session) => void }) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { pending, error, fieldErrors, setError, send } = useSubmit();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = signUpProblem(password, confirmPassword);
    if (problem) return setError(problem);
    await send(() => resetPassword(token, password), {
      onSuccess: onReset,
      fields: FIELDS,
      // The link's own faults (incomplete, used, expired) have no field of the form to go under.
      onFailure: (failure) => ({ error: passwordResetErrorMessage(failure, 'token') }),
    });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <fieldset disabled={pending} className="flex flex-col gap-4">
        <NewPasswordFields
          idPrefix="reset"
          label="New password"
          confirmLabel="Confirm new password"
          password={password}
          onPassword={setPassword}
          confirmPassword={confirmPassword}
          onConfirmPassword={setConfirmPassword}
          error={fieldErrors.password}
        />
        {error && (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
            {error}
          </p>
        )}
        <Button type="submit" size="lg" disabled={!password || !confirmPassword}>
          {pending ? 'Please wait...' : 'Set new password'}
        </Button>
      </fieldset>
    </form>
  );
}
