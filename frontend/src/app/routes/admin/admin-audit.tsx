/** /admin/audit: who changed what and when. */
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { AuditTrail } from '../../../features/admin/insights/components/audit-trail';
import { paths } from '../../../lib/paths';
import { TimeZoneNote } from '../../../features/admin/time-zone/time-zone-note';

export function AdminAuditRoute() {
  return (
    <div className="space-y-6">
      <Button asChild variant="outline">
        <Link to={paths.adminDashboard}>← Back to Dashboard</Link>
      </Button>
      <div>
        <h1 className="text-2xl font-semibold">Audit Trail</h1>
        <p className="text-muted-foreground">Every change made by an administrator: who, what and when.</p>
        <TimeZoneNote />
      </div>
      <AuditTrail />
    </div>
  );
}
