/**
 * The admin dashboard (admin spec §2): the stat cards and seven tabs. Every list it shows is requested at
 * once on entry (SWR starts all the hooks below in parallel), so switching tabs shows data without waiting.
 * The route chooses the tab from the URL and composes what other features supply (insights, app links, the
 * browser's PWA state) through props.
 */
import type { ReactNode } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../../components/ui/tabs';
import { useAllApps } from '../api/get-apps';
import { useEngagementMetrics } from '../api/get-engagement';
import { useLeads } from '../api/get-leads';
import { useSuggestions } from '../api/get-suggestions';
import { useTopApps } from '../api/get-top-apps';
import { useAdminSettings } from '../api/get-admin-settings';
import { useVisitorMessages } from '../api/visitor-messages';
import { messageCounts } from '../dashboard-rules';
import type { PwaPanelStatus } from '../types';
import { exportLeads } from './export-leads';
import { LeadsTab } from './leads-tab';
import { OverviewTab } from './overview-tab';
import { SettingsTab } from './settings-tab';
import { StatCards } from './stat-cards';
import { SuggestionsTab } from './suggestions-tab';
import { VisitorMessagesTab } from './visitor-messages-tab';

export const DASHBOARD_TABS = ['overview', 'leads', 'suggestions', 'app-links', 'questions', 'developers', 'settings'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export function AdminDashboard({
  tab,
  onTabChange,
  pwa,
  insights,
  appLinks,
}: {
  tab: DashboardTab;
  onTabChange: (tab: DashboardTab) => void;
  pwa: PwaPanelStatus;
  insights: ReactNode;
  appLinks: ReactNode;
}) {
  const { data: apps } = useAllApps();
  const { data: metrics } = useEngagementMetrics();
  const { data: leads } = useLeads();
  const { data: suggestions } = useSuggestions();
  const { data: questions } = useVisitorMessages('quick-questions');
  const { data: inquiries } = useVisitorMessages('developer-inquiries');
  // Loaded here too, so that the Overview's first page and Settings are requested with the rest on entry.
  useTopApps(0);
  useAdminSettings();

  const labels: Record<DashboardTab, string> = {
    overview: 'Overview',
    leads: `Leads (${leads?.length ?? 0})`,
    suggestions: `Suggestions (${suggestions?.length ?? 0})`,
    'app-links': 'App Links',
    questions: `Questions (${messageCounts(questions ?? []).unread})`,
    developers: `Developers (${messageCounts(inquiries ?? []).unread})`,
    settings: 'Settings',
  };

  return (
    <div className="flex flex-col gap-6">
      <title>Admin Dashboard | Unsheet</title>
      <h1 className="text-2xl font-semibold">Admin Dashboard</h1>
      <StatCards apps={apps} leadCount={leads?.length} suggestionCount={suggestions?.length} metrics={metrics} />
      <Tabs value={tab} onValueChange={(value) => onTabChange(value as DashboardTab)}>
        <TabsList aria-label="Dashboard sections">
          {DASHBOARD_TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {labels[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab metrics={metrics} onExportLeads={() => exportLeads(leads ?? [])} insights={insights} />
        </TabsContent>
        <TabsContent value="leads">
          <LeadsTab leads={leads} />
        </TabsContent>
        <TabsContent value="suggestions">
          <SuggestionsTab suggestions={suggestions} />
        </TabsContent>
        <TabsContent value="app-links">{appLinks}</TabsContent>
        <TabsContent value="questions">
          <VisitorMessagesTab kind="quick-questions" messages={questions} />
        </TabsContent>
        <TabsContent value="developers">
          <VisitorMessagesTab kind="developer-inquiries" messages={inquiries} />
        </TabsContent>
        <TabsContent value="settings">
          <SettingsTab leadCount={leads?.length} pwa={pwa} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
