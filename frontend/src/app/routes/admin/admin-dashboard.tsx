/**
 * /admin, /admin/dashboard and one path per tab (admin spec §2): the URL selects the tab and choosing a
 * tab changes the URL. The route composes the dashboard with what other features supply: the insights
 * panels, the App Links tab and the browser's PWA state (features do not import each other).
 */
import { useLocation, useNavigate } from 'react-router-dom';
import { AppLinksTab } from '../../../features/admin/catalogue/components/app-links-tab';
import { AdminDashboard } from '../../../features/admin/dashboard/components/admin-dashboard';
import { AnalyticsPanel } from '../../../features/admin/insights/components/analytics-panel';
import { DailyTrafficChart } from '../../../features/admin/insights/components/daily-traffic-chart';
import { usePwaStatus } from '../../../features/pwa/pwa-status';
import { adminTabOf, paths } from '../../../lib/paths';

export function AdminDashboardRoute() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const pwa = usePwaStatus();
  return (
    <AdminDashboard
      tab={adminTabOf(pathname)}
      onTabChange={(tab) => navigate(paths.adminTab(tab))}
      pwa={{ serviceWorker: pwa.serviceWorker, installAvailable: pwa.installPromptAvailable }}
      insights={
        <>
          <DailyTrafficChart />
          <AnalyticsPanel />
        </>
      }
      appLinks={<AppLinksTab />}
    />
  );
}
