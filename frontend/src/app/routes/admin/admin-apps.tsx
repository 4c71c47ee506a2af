/**
 * /admin/apps, Manage Apps (admin spec §2): the header's Back and three buttons, and a real list of every
 * app with edit and deactivate / reactivate, where the spec had a placeholder.
 */
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { AdminPageHeader } from '../../../features/admin/catalogue/components/admin-page-header';
import { AppsTable } from '../../../features/admin/catalogue/components/apps-table';
import { paths } from '../../../lib/paths';

export function AdminAppsRoute() {
  return (
    <div className="flex flex-col gap-6">
      <title>Manage Apps | Unsheet Admin</title>
      <Button asChild variant="ghost" className="w-fit px-2">
        <Link to={paths.adminDashboard}>← Back to dashboard</Link>
      </Button>
      <AdminPageHeader title="Manage Apps" description="Every app of the catalogue, inactive ones too.">
        <Button asChild variant="outline">
          <Link to={paths.adminImportApps}>Import Apps</Link>
        </Button>
        <Button asChild>
          <Link to={paths.adminNewApp}>Add Single App</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.adminGoogleAdsCsv}>Generate Google Ads CSV</Link>
        </Button>
      </AdminPageHeader>
      <AppsTable editPath={paths.adminEditApp} publicPath={paths.app} />
    </div>
  );
}
