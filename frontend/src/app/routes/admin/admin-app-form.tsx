/**
 * /admin/apps/new, /admin/apps/:id and /admin/apps/edit/:id (the dashboard's Edit link): the create / edit
 * form for every catalogue field, and deactivate / reactivate (soft delete) for an existing app.
 */
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { toast } from 'sonner';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useAdminApp } from '../../../features/admin/catalogue/api/get-admin-app';
import { setAppActive } from '../../../features/admin/catalogue/api/set-app-active';
import { AdminPageHeader } from '../../../features/admin/catalogue/components/admin-page-header';
import { AppForm } from '../../../features/admin/catalogue/components/app-form';
import { paths } from '../../../lib/paths';

export function AdminAppFormRoute() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { data: app, error } = useAdminApp(id);
  const [busy, setBusy] = useState(false);

  async function toggleActive() {
    if (!app) return;
    setBusy(true);
    try {
      await setAppActive(app.id, !app.is_active);
      toast.success(app.is_active ? 'App deactivated' : 'App reactivated');
    } catch {
      toast.error(app.is_active ? 'Failed to deactivate app' : 'Failed to reactivate app');
    } finally {
      setBusy(false);
    }
  }

  const back = (
    <Button asChild variant="ghost" className="w-fit px-2">
      <Link to={paths.adminApps}>← Back to apps</Link>
    </Button>
  );

  if (id && error) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <p role="alert" className="text-destructive">
          {error.status === 404 || error.status === 400 ? 'App Not Found' : 'Failed to load apps'}
        </p>
      </div>
    );
  }
  if (id && !app) {
    return (
      <p role="status" className="text-muted-foreground">
        Loading app...
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      <title>{app ? `Edit ${app.name} | Unsheet Admin` : 'Add App | Unsheet Admin'}</title>
      {back}
      <AdminPageHeader
        title={app ? `Edit ${app.name}` : 'Add Single App'}
        description={app ? paths.app(app.slug) : 'A new app of the catalogue.'}
      >
        {app && (
          <>
            <Badge variant={app.is_active ? 'secondary' : 'outline'} className="self-center">
              {app.is_active ? 'Active' : 'Inactive'}
            </Badge>
            {app.is_active && (
              <Button asChild variant="outline">
                <a href={paths.app(app.slug)} target="_blank" rel="noopener noreferrer">
                  View page
                </a>
              </Button>
            )}
            <Button type="button" variant="outline" disabled={busy} onClick={toggleActive}>
              {app.is_active ? 'Deactivate' : 'Reactivate'}
            </Button>
          </>
        )}
      </AdminPageHeader>
      <AppForm
        // A fresh form per app (and after a save changed it), so its fields start from the saved values.
        key={app ? `${app.id}-${app.updated_at}` : 'new'}
        app={app}
        onSaved={(saved) => {
          if (!app) void navigate(paths.adminEditApp(saved.id), { replace: true });
        }}
      />
    </div>
  );
}
