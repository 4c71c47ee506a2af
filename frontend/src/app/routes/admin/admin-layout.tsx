/**
 * The admin console's frame: checks, on entry, that the session belongs to an administrator (the server
 * answers with the role from `profiles`) and goes to /admin/login otherwise (admin spec §6). The server
 * enforces the same on every /api/admin route; this check only spares a visitor a screen of errors.
 */
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ensureSession, signOut } from '../../../features/auth/auth-client';
import { Button } from '../../../components/ui/button';
import { preloadOverview } from '../../../features/admin/dashboard/api/get-overview';
import { isAdminDashboard, paths } from '../../../lib/paths';

export function AdminLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [allowed, setAllowed] = useState(false);
  // Read on entry only: a later tab change needs no new overview.
  const [entry] = useState(pathname);

  useEffect(() => {
    let current = true;
    ensureSession().then(
      (user) => {
        if (!current) return;
        if (user?.role === 'admin') {
          // The dashboard's first screen is asked for now, while its code is still loading.
          if (isAdminDashboard(entry)) preloadOverview();
          setAllowed(true);
        } else void navigate(paths.adminLogin, { replace: true });
      },
      () => {
        if (current) void navigate(paths.adminLogin, { replace: true });
      },
    );
    return () => {
      current = false;
    };
  }, [navigate, entry]);

  async function logOut() {
    await signOut();
    await navigate(paths.adminLogin);
  }

  return (
    <div className="min-h-dvh bg-muted/40">
      <meta name="robots" content="noindex" />
      <header className="border-b bg-card">
        <div className="mx-auto flex h-14 max-w-7xl items-center justify-between px-4">
          <p className="text-lg font-semibold">Unsheet Admin</p>
          {allowed && (
            <Button type="button" variant="outline" onClick={logOut}>
              Logout
            </Button>
          )}
        </div>
      </header>
      <main className="mx-auto max-w-7xl px-4 py-8">
        {allowed ? (
          <Outlet />
        ) : (
          <p role="status" className="text-muted-foreground">
            Checking your session...
          </p>
        )}
      </main>
    </div>
  );
}
