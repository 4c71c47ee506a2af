/**
 * /setup?token=…, the link `npm start` prints while no administrator exists: the operator creates the first
 * administrator account here and lands in the admin console, signed in. The link works once; once any
 * administrator exists (`npm run admin:grant` included), the page says it is void.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { PageMeta } from '../../components/page-meta';
import { Button } from '../../components/ui/button';
import { Field, fieldDescription } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { createFirstAdmin, firstAdminLinkValid } from '../../features/auth/auth-client';
import { NewPasswordFields } from '../../features/auth/components/new-password-fields';
import { signUpProblem } from '../../features/auth/messages';
import { SETUP_LINK_INVALID } from '../../../../contracts/identity/first-admin';
import { UNEXPECTED_ERROR } from '../../../../contracts/errors';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';
import { useSubmit } from '../../lib/use-submit';

type State = 'checking' | 'ready' | 'invalid' | 'failed';

/** The API's names of the form's fields, with their labels (a refusal goes under the field it names). */
const FIELDS = { email: 'Email', password: 'Password' };

export function SetupRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>('checking');

  useEffect(() => {
    let current = true;
    if (!token) {
      setState('invalid');
      return;
    }
    firstAdminLinkValid(token).then(
      ({ valid }) => current && setState(valid ? 'ready' : 'invalid'),
      (failure: unknown) => current && setState(failure instanceof ApiError && failure.status === 400 ? 'invalid' : 'failed'),
    );
    return () => {
      current = false;
    };
  }, [token]);

  return (
    <div className="mx-auto flex max-w-sm flex-col gap-6 px-4 py-12 sm:py-20">
      <PageMeta title="Create the first administrator | Unsheet" description="Set up your Unsheet install." path={paths.setup} />
      <meta name="robots" content="noindex" />
      <div className="flex flex-col gap-1 text-center">
        <h1 className="text-2xl font-semibold">Create the first administrator</h1>
        <p className="text-sm text-muted-foreground">This account signs in to the admin console.</p>
      </div>
      {state === 'checking' ? (
        <p role="status" className="text-center text-muted-foreground">
          Opening your link...
        </p>
      ) : state === 'ready' ? (
        <FirstAdminForm token={token} onInvalid={() => setState('invalid')} />
      ) : (
        <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
          {state === 'invalid' ? SETUP_LINK_INVALID : UNEXPECTED_ERROR}
        </p>
      )}
    </div>
  );
}

function FirstAdminForm({ token, onInvalid }: { token: string; onInvalid: () => void }) {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { pending, error, fieldErrors, setError, send } = useSubmit();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = signUpProblem(password, confirmPassword);
    if (problem) return setError(problem);
    await send(() => createFirstAdmin({ token, email, password }), {
      onSuccess: () => {
        toast.success('Administrator account created!', { description: 'You are now signed in.' });
        void navigate(paths.adminDashboard, { replace: true });
      },
      fields: FIELDS,
      onFailure: (failure) => {
        if (failure instanceof ApiError && failure.status === 403) onInvalid();
      },
    });
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <fieldset disabled={pending} className="flex flex-col gap-4">
        <Field id="setup-email" label="Email" error={fieldErrors.email}>
          <Input
            id="setup-email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            {...fieldDescription('setup-email', fieldErrors.email, null)}
          />
        </Field>
        <NewPasswordFields
          idPrefix="setup"
          label="Password"
          confirmLabel="Confirm password"
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
        <Button type="submit" size="lg" disabled={!email || !password || !confirmPassword}>
          {pending ? 'Please wait...' : 'Create administrator account'}
        </Button>
      </fieldset>
    </form>
  );
}
