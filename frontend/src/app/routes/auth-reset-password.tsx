/**
 * /auth/reset-password#token=…, the page a reset e-mail's link opens. The token travels in the fragment,
 * which no server log or Referer carries; the page keeps it in this tab's sessionStorage (a reload still has
 * it) and takes it out of the address and the history entry, in place: the same page, which analytics counts
 * once and records without a fragment (contracts/analytics/page-url.ts).
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { PageMeta } from '../../components/page-meta';
import { Button } from '../../components/ui/button';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';
import { paths } from '../../lib/paths';

const TOKEN_KEY = 'unsheet.reset-token';
const LINK_INCOMPLETE = 'This password reset link is incomplete. Please open the link from the e-mail again, or ask for a new one.';

/** The token of the link that opened this tab, once it is out of the address; null when there is none. */
function useResetToken(): string | null | undefined {
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const fromLink = new URLSearchParams(window.location.hash.slice(1)).get('token');
    if (fromLink) window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
    try {
      if (fromLink) sessionStorage.setItem(TOKEN_KEY, fromLink);
      setToken(fromLink ?? sessionStorage.getItem(TOKEN_KEY));
    } catch {
      // Storage disabled: the token lives in this page only.
      setToken(fromLink);
    }
  }, []);
  return token;
}

export function AuthResetPasswordRoute() {
  const navigate = useNavigate();
  const token = useResetToken();

  return (
    <div className="mx-auto flex max-w-sm flex-col gap-6 px-4 py-12 sm:py-20">
      <PageMeta
        title="Reset your password | Unsheet"
        description="Choose a new password for your Unsheet account."
        path={paths.authResetPassword}
      />
      <meta name="robots" content="noindex" />
      <Link to={paths.home} className="text-sm font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
        ← Back to home
      </Link>
      <div className="flex flex-col gap-1 text-center">
        <h1 className="text-2xl font-semibold">Choose a new password</h1>
        <p className="text-sm text-muted-foreground">Setting it signs you out everywhere else.</p>
      </div>
      {token === undefined ? (
        <p role="status" className="text-center text-muted-foreground">
          Opening your link...
        </p>
      ) : token === null ? (
        <>
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm text-destructive">
            {LINK_INCOMPLETE}
          </p>
          <Button asChild variant="outline">
            <Link to={paths.auth}>Go to Sign In</Link>
          </Button>
        </>
      ) : (
        <ResetPasswordForm
          token={token}
          onReset={(session) => {
            try {
              sessionStorage.removeItem(TOKEN_KEY);
            } catch {
              // Storage disabled: nothing was kept.
            }
            toast.success('Password changed!', { description: 'You are now signed in.' });
            void navigate(session.user.role === 'admin' ? paths.adminDashboard : paths.home, { replace: true });
          }}
        />
      )}
      {token && (
        <p className="text-center text-sm text-muted-foreground">
          Link not working?{' '}
          <Link to={paths.auth} className="font-medium text-primary underline-offset-4 hover:underline">
            Ask for a new one
          </Link>{' '}
          with “Forgot password?” on the sign-in page.
        </p>
      )}
    </div>
  );
}
