/**
 * /admin, /admin/dashboard and one path per tab (admin spec §2): the URL selects the tab and choosing a
 * tab changes the URL. The route composes the dashboard with what other features supply: the insights
 * panels, the App Links tab and the browser's PWA state (features do not import each other).
 */
import { useLocation, useNavigate } from 'react-router-dom';
import { AppLinksTab } from '../../../features/admin/catalogue/components/app-links-tab';
import { AdminDashboard, type DashboardTab } from '../../../features/admin/dashboard/components/admin-dashboard';
import { AnalyticsPanel } from '../../../features/admin/insights/components/analytics-panel';
import { DailyTrafficChart } from '../../../features/admin/insights/components/daily-traffic-chart';
import { usePwaStatus } from '../../../features/pwa/pwa-status';
import { paths } from '../../../lib/paths';

const TAB_PATHS: Record<DashboardTab, string> = {
  overview: paths.adminDashboard,
  leads: paths.adminTab('leads'),
  suggestions: paths.adminTab('suggestions'),
  'app-links': paths.adminTab('app-links'),
  questions: paths.adminTab('questions'),
  developers: paths.adminTab('developer-inquiries'),
  settings: paths.adminTab('settings'),
};

function tabOf(pathname: string): DashboardTab {
  const path = pathname.replace(/\/+$/, '');
  const found = (Object.entries(TAB_PATHS) as [DashboardTab, string][]).find(([, tabPath]) => tabPath === path);
  return found?.[0] ?? 'overview';
}

export function AdminDashboardRoute() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const pwa = usePwaStatus();
  return (
    <AdminDashboard
      tab={tabOf(pathname)}
      onTabChange={(tab) => navigate(TAB_PATHS[tab])}
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
