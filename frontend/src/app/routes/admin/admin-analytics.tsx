/**
 * /admin/analytics: the analytics panel and the daily traffic chart on a page of their own. The dashboard's
 * Overview shows the same two components; this page gives them a full width and a link of their own.
 */
import { Link } from 'react-router-dom';
import { Button } from '../../../components/ui/button';
import { AnalyticsPanel } from '../../../features/admin/insights/components/analytics-panel';
import { DailyTrafficChart } from '../../../features/admin/insights/components/daily-traffic-chart';
import { paths } from '../../../lib/paths';

export function AdminAnalyticsRoute() {
  return (
    <div className="space-y-6">
      <Button asChild variant="outline">
        <Link to={paths.adminDashboard}>← Back to Dashboard</Link>
      </Button>
      <h1 className="text-2xl font-semibold">Analytics</h1>
      <DailyTrafficChart />
      <AnalyticsPanel />
    </div>
  );
}
