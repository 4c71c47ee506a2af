import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PageMeta } from '../../components/page-meta';
import { AuthForm } from '../../features/auth/components/auth-form';
import { isLoggedIn, useAuth } from '../../features/auth/session-store';
import { paths } from '../../lib/paths';

export function AuthRoute() {
  const navigate = useNavigate();
  const signedIn = isLoggedIn(useAuth());

  // Already signed in (here or in another tab): nothing to do on this page.
  useEffect(() => {
    if (signedIn) void navigate(paths.home, { replace: true });
  }, [signedIn, navigate]);

  return (
    <div className="mx-auto flex max-w-sm flex-col gap-6 px-4 py-12 sm:py-20">
      <PageMeta title="Sign In | Unsheet" description="Sign in or create your Unsheet account." path={paths.auth} />
      <meta name="robots" content="noindex" />
      <Link to={paths.home} className="text-sm font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
        ← Back to home
      </Link>
      <AuthForm onSignedIn={() => navigate(paths.home, { replace: true })} />
    </div>
  );
}
