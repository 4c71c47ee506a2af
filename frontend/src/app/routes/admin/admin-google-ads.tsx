/** /admin/apps/google-ads-csv (admin spec §2): the ads-campaign CSV for Google Ads Editor. */
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { AdminPageHeader } from '../../../features/admin/catalogue/components/admin-page-header';
import { GoogleAdsGenerator } from '../../../features/admin/catalogue/components/google-ads-generator';
import { paths } from '../../../lib/paths';

export function AdminGoogleAdsRoute() {
  return (
    <div className="flex flex-col gap-6">
      <title>Google Ads CSV | Unsheet Admin</title>
      <Button asChild variant="ghost" className="w-fit px-2">
        <Link to={paths.adminApps}>← Back to apps</Link>
      </Button>
      <AdminPageHeader
        title="Google Ads CSV Generator"
        description="A search campaign for every active app, ready for Google Ads Editor."
      />
      <GoogleAdsGenerator />
    </div>
  );
}
