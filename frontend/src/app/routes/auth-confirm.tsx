import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { toast } from 'sonner';
import { PageMeta } from '../../components/page-meta';
import { Button } from '../../components/ui/button';
import { confirmEmail } from '../../features/auth/auth-client';
import { ConfirmPasswordForm } from '../../features/auth/components/confirm-password-form';
import { UNEXPECTED_ERROR } from '../../../../contracts/errors';
import { ApiError } from '../../lib/api-client';
import { paths } from '../../lib/paths';

/**
 * The e-mail's confirmation link lands here: the address is confirmed, the visitor signed in and sent on.
 * When more than one sign-up used the address, the server asks for the sign-up's password first.
 */
export function AuthConfirmRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [passwordPrompt, setPasswordPrompt] = useState<string | null>(null);
  const started = useRef(false);
  const token = params.get('token') ?? '';

  const confirmed = useCallback(
    (redirectTo: string) => {
      toast.success('Email confirmed!', { description: 'You are now signed in.' });
      void navigate(redirectTo === paths.adminDashboard ? paths.adminDashboard : paths.home, { replace: true });
    },
    [navigate],
  );

  useEffect(() => {
    // The link works once: never send it twice, even if the effect runs again.
    if (started.current) return;
    started.current = true;
    confirmEmail(token).then(
      ({ redirectTo }) => confirmed(redirectTo),
      (failure: unknown) => {
        if (failure instanceof ApiError && failure.code === 'AUTH.CONFIRMATION_PASSWORD_REQUIRED') {
          setPasswordPrompt(failure.fields?.password ?? failure.message);
        } else setError(failure instanceof ApiError && failure.status < 500 ? failure.message : UNEXPECTED_ERROR);
      },
    );
  }, [token, confirmed]);

  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-6 px-4 py-24 text-center">
      <PageMeta title="Confirm your email | Unsheet" description="Confirming your Unsheet account." path={paths.authConfirm} />
      <meta name="robots" content="noindex" />
      {passwordPrompt ? (
        <>
          <h1 className="text-2xl font-semibold">Confirm your account</h1>
          <ConfirmPasswordForm token={token} prompt={passwordPrompt} onConfirmed={confirmed} />
        </>
      ) : error ? (
        <>
          <h1 className="text-2xl font-semibold">We couldn't confirm your email</h1>
          <p role="alert" className="text-muted-foreground">
            {error}
          </p>
          <Button asChild>
            <Link to={paths.auth}>Go to Sign In</Link>
          </Button>
        </>
      ) : (
        <p role="status" className="text-muted-foreground">
          Confirming your email...
        </p>
      )}
    </div>
  );
}
