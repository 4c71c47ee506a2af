/**
 * The visitor's sign-in / sign-up form (spec §2 "Sign in / Sign up"): two modes, toggling clears the fields
 * and the error; sign-up asks for a confirmation of the password and an optional display name. "Forgot
 * password?" under sign-in asks for a reset link instead.
 */
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Field, fieldDescription, useCutNote } from '../../../components/ui/field';
import { useSubmit } from '../../../lib/use-submit';
import { signIn, signUp } from '../auth-client';
import { signInErrorMessage, signUpErrorMessage, signUpProblem } from '../messages';
import { ForgotPasswordForm } from './forgot-password-form';
import { PasswordInput } from './password-input';

type Mode = 'sign-in' | 'sign-up';
const EMPTY = { email: '', password: '', confirmPassword: '', displayName: '' };
const DISPLAY_NAME_MAX = 100;
/** The API's names of each mode's fields, with their labels (a refusal goes under the field it names). */
const SIGN_IN_FIELDS = { email: 'Email', password: 'Password' };
const SIGN_UP_FIELDS = { ...SIGN_IN_FIELDS, display_name: 'Display name' };

export function AuthForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [mode, setMode] = useState<Mode>('sign-in');
  const [fields, setFields] = useState(EMPTY);
  const { pending: submitting, error, fieldErrors, setError, send } = useSubmit();
  const displayName = useCutNote(DISPLAY_NAME_MAX, fields.displayName);
  const described = (id: string, field: string, cut?: string | null) => fieldDescription(id, fieldErrors[field], cut);
  const [forgot, setForgot] = useState(false);
  const set = (name: keyof typeof EMPTY) => (event: { target: { value: string } }) =>
    setFields((current) => ({ ...current, [name]: event.target.value }));

  function toggle() {
    setMode((current) => (current === 'sign-in' ? 'sign-up' : 'sign-in'));
    setFields(EMPTY);
    setError(null);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    if (mode === 'sign-up') {
      const problem = signUpProblem(fields.password, fields.confirmPassword);
      if (problem) return setError(problem);
    }
    if (mode === 'sign-in') {
      await send(() => signIn(fields.email, fields.password), {
        onSuccess: () => {
          toast.success('Welcome back!', { description: 'You have successfully signed in.' });
          onSignedIn();
        },
        fields: SIGN_IN_FIELDS,
        onFailure: (failure) => ({ error: signInErrorMessage(failure) }),
      });
    } else {
      await send(() => signUp({ email: fields.email, password: fields.password, display_name: fields.displayName.trim() || undefined }), {
        onSuccess: () => {
          toast.success('Account created!', { description: 'Please check your email for a confirmation link.' });
          setFields(EMPTY);
        },
        fields: SIGN_UP_FIELDS,
        onFailure: (failure) => ({ error: signUpErrorMessage(failure) }),
      });
    }
  }

  if (forgot) {
    return (
      <div className="flex flex-col gap-6">
        <div className="flex flex-col gap-1 text-center">
          <h1 className="text-2xl font-semibold">Reset your password</h1>
        </div>
        <ForgotPasswordForm
          id="auth-forgot"
          onBack={() => {
            setForgot(false);
            setFields(EMPTY);
            setError(null);
          }}
        />
      </div>
    );
  }

  const signingUp = mode === 'sign-up';
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1 text-center">
        <h1 className="text-2xl font-semibold">{signingUp ? 'Create an account' : 'Sign in'}</h1>
        <p className="text-sm text-muted-foreground">
          {signingUp ? 'Sign up to follow the tools you care about.' : 'Welcome back to Unsheet.'}
        </p>
      </div>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate={false}>
        <fieldset disabled={submitting} className="flex flex-col gap-4">
          <Field id="auth-email" label="Email" error={fieldErrors.email}>
            <Input
              id="auth-email"
              type="email"
              autoComplete="email"
              required
              value={fields.email}
              onChange={set('email')}
              {...described('auth-email', 'email')}
            />
          </Field>
          <Field id="auth-password" label="Password" error={fieldErrors.password}>
            <PasswordInput
              id="auth-password"
              autoComplete={signingUp ? 'new-password' : 'current-password'}
              required
              value={fields.password}
              onChange={set('password')}
              {...described('auth-password', 'password')}
            />
          </Field>
          {signingUp && (
            <>
              <Field id="auth-confirm-password" label="Confirm password">
                <PasswordInput
                  id="auth-confirm-password"
                  autoComplete="new-password"
                  required
                  value={fields.confirmPassword}
                  onChange={set('confirmPassword')}
                />
              </Field>
              <Field id="auth-display-name" label="Display name (optional)" error={fieldErrors.display_name} cut={displayName.cut}>
                <Input
                  id="auth-display-name"
                  autoComplete="nickname"
                  maxLength={DISPLAY_NAME_MAX}
                  placeholder={fields.email.split('@')[0] || undefined}
                  value={fields.displayName}
                  onChange={set('displayName')}
                  onPaste={displayName.onPaste}
                  {...described('auth-display-name', 'display_name', displayName.cut)}
                />
              </Field>
            </>
          )}
          {!signingUp && (
            <button
              type="button"
              onClick={() => setForgot(true)}
              className="-mt-2 self-end text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Forgot password?
            </button>
          )}
          {error && (
            <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
              {error}
            </p>
          )}
          <Button type="submit" size="lg">
            {submitting ? 'Please wait...' : signingUp ? 'Sign Up' : 'Sign In'}
          </Button>
        </fieldset>
      </form>
      <p className="text-center text-sm text-muted-foreground">
        {signingUp ? 'Already have an account?' : "Don't have an account?"}{' '}
        <button type="button" onClick={toggle} className="font-medium text-primary underline-offset-4 hover:underline">
          {signingUp ? 'Sign in' : 'Sign up'}
        </button>
      </p>
    </div>
  );
}
