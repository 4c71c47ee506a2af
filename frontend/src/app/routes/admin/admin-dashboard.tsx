import { useAuth } from '../../../features/auth/session-store';

/** The dashboard's place in the console; its cards, tabs and charts come with the admin console work. */
export function AdminDashboardRoute() {
  const auth = useAuth();
  return (
    <div className="flex flex-col gap-2">
      <title>Admin Dashboard | Unsheet</title>
      <h1 className="text-2xl font-semibold">Admin Dashboard</h1>
      <p className="text-muted-foreground">Signed in as {auth?.user.email}.</p>
    </div>
  );
}
