/** /admin/leads/:leadId (admin spec §2): the lead detail; without an id, back to the leads (spec §5). */
import { Navigate, useParams } from 'react-router-dom';
import { LeadDetail } from '../../../features/admin/insights/components/lead-detail';
import { paths } from '../../../lib/paths';

export function AdminLeadRoute() {
  const { leadId } = useParams();
  if (!leadId) return <Navigate to={paths.adminTab('leads')} replace />;
  // Keyed by id: another lead starts from its own loading state, not the previous lead's page.
  return <LeadDetail key={leadId} leadId={leadId} />;
}
