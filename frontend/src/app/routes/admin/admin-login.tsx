/**
 * /admin/login (admin spec §2): e-mail and password, submit disabled until both are filled; success leads
 * to the dashboard. 'Create Admin Account' signs up an account whose confirmation link leads to the
 * dashboard; an operator still has to grant it the admin role (`npm run admin:grant`).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Field, fieldDescription } from '../../../components/ui/field';
import { signIn, signUp } from '../../../features/auth/auth-client';
import { ForgotPasswordForm } from '../../../features/auth/components/forgot-password-form';
import { PasswordInput } from '../../../features/auth/components/password-input';
import { readAuth } from '../../../features/auth/session-store';
import { ApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/paths';
import { useSubmit } from '../../../lib/use-submit';

/** The API's names of the form's fields, with their labels (a refusal goes under the field it names). */
const FIELDS = { email: 'Email', password: 'Password' };

export function AdminLoginRoute() {
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [forgot, setForgot] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { pending: submitting, fieldErrors, setError, send } = useSubmit();

  useEffect(() => {
    if (readAuth()?.user.role === 'admin') void navigate(paths.adminDashboard, { replace: true });
  }, [navigate]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (creating) await createAccount();
    else await logIn();
  }

  function logIn() {
    // The way to the dashboard is part of the request: the form stays disabled until it is taken.
    return send(
      async () => {
        const { user } = await signIn(email, password);
        if (user.role !== 'admin') {
          toast.error('Login failed', { description: 'This account does not have administrator access.' });
          return;
        }
        toast.success('Welcome back!');
        await navigate(paths.adminDashboard);
      },
      {
        fields: FIELDS,
        onFailure: (error) => {
          if (!(error instanceof ApiError) || error.status >= 500) toast.error('An unexpected error occurred');
          else if (error.code === 'AUTH.INVALID_CREDENTIALS') toast.error('Login failed', { description: 'Invalid credentials' });
          else toast.error('Login failed', { description: error.message });
        },
      },
    );
  }

  function createAccount() {
    return send(() => signUp({ email, password, redirect_to: paths.adminDashboard }), {
      onSuccess: () => {
        toast.success('Account created!', { description: 'Please check your email to verify your account.' });
        setCreating(false);
        setPassword('');
      },
      fields: FIELDS,
      onFailure: (error) => {
        if (!(error instanceof ApiError) || error.status >= 500) toast.error('An unexpected error occurred');
        else toast.error('Signup failed', { description: error.message });
      },
    });
  }

  return (
    <div className="flex min-h-dvh items-center justify-center bg-muted/40 px-4 py-12">
      <title>Admin Login | Unsheet</title>
      <meta name="robots" content="noindex" />
      <Card className="w-full max-w-sm">
        <CardHeader>
          <CardTitle asChild>
            <h1>{forgot ? 'Reset Password' : creating ? 'Create Admin Account' : 'Admin Login'}</h1>
          </CardTitle>
          {!forgot && (
            <CardDescription>
              {creating ? 'We will send you a confirmation e-mail.' : 'Sign in to the Unsheet admin console.'}
            </CardDescription>
          )}
        </CardHeader>
        <CardContent>
          {forgot ? (
            <ForgotPasswordForm id="admin-forgot" onBack={() => setForgot(false)} />
          ) : (
            <>
              <form onSubmit={submit} className="flex flex-col gap-4">
                <fieldset disabled={submitting} className="flex flex-col gap-4">
                  <Field id="admin-email" label="Email" error={fieldErrors.email}>
                    <Input
                      id="admin-email"
                      type="email"
                      autoComplete="email"
                      required
                      value={email}
                      onChange={(e) => setEmail(e.target.value)}
                      {...fieldDescription('admin-email', fieldErrors.email, null)}
                    />
                  </Field>
                  <Field id="admin-password" label="Password" error={fieldErrors.password}>
                    <PasswordInput
                      id="admin-password"
                      autoComplete={creating ? 'new-password' : 'current-password'}
                      required
                      value={password}
                      onChange={(e) => setPassword(e.target.value)}
                      {...fieldDescription('admin-password', fieldErrors.password, null)}
                    />
                  </Field>
                  <Button type="submit" disabled={!email || !password}>
                    {submitting ? 'Please wait...' : creating ? 'Create Admin Account' : 'Sign In'}
                  </Button>
                </fieldset>
              </form>
              {!creating && (
                <Button type="button" variant="ghost" className="mt-2 w-full" onClick={() => setForgot(true)}>
                  Forgot password?
                </Button>
              )}
              <Button
                type="button"
                variant="ghost"
                className="mt-2 w-full"
                onClick={() => {
                  setCreating((value) => !value);
                  setError(null);
                }}
              >
                {creating ? 'Back to sign in' : 'Create Admin Account'}
              </Button>
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
