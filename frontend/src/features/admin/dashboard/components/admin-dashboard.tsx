/**
 * The admin dashboard (admin spec §2): the visitors' first row for a period the admin picks (today by
 * default), the stat cards and seven tabs. The first screen is one request (GET /api/admin/overview): its
 * parts land in the SWR cache under the keys of the hooks below, which then render them without asking
 * again; each hook keeps its key for what comes after (another period or page, reloading after a change),
 * and a tab opened later reads its own. The first pages of the lists are among the parts, so switching tabs
 * shows data without waiting; the counts in the cards and the tab labels are the server's, over the whole
 * lists. The route chooses the tab from the URL and composes what other features supply (insights, app
 * links, the browser's PWA state) through props.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../../components/ui/tabs';
import { answeredOnce } from '../../../../lib/answered-once';
import { useCatalogueFigures } from '../../catalogue/api/get-admin-apps';
import { ADMIN_TABS, type AdminTab } from '../../../../lib/paths';
import { DemandTab } from '../../demand/components/demand-tab';
import { useEngagementMetrics } from '../api/get-engagement';
import { useGrowth } from '../api/get-growth';
import { FIRST_LEADS, useLeads } from '../api/get-leads';
import { useOverview } from '../api/get-overview';
import { useSuggestions } from '../api/get-suggestions';
import { useVisitorMessages } from '../api/visitor-messages';
import type { Period } from '../dashboard-rules';
import type { PwaPanelStatus } from '../types';
import { exportLeads } from './export-leads';
import { LeadsTab } from './leads-tab';
import { OverviewTab } from './overview-tab';
import { SettingsTab } from './settings-tab';
import { StatCards } from './stat-cards';
import { SuggestionsTab } from './suggestions-tab';
import { VisitorFigures } from './visitor-figures';
import { VisitorMessagesTab } from './visitor-messages-tab';
import { TimeZoneNote } from '../../time-zone/time-zone-note';

interface DashboardProps {
  tab: AdminTab;
  onTabChange: (tab: AdminTab) => void;
  pwa: PwaPanelStatus;
  insights: ReactNode;
  appLinks: ReactNode;
}

export function AdminDashboard(props: DashboardProps) {
  const [period, setPeriod] = useState<Period>('today');
  const { ready, answered } = useOverview();
  const swr = useMemo(() => ({ use: [answeredOnce(answered)] }), [answered]);
  return (
    <div className="flex flex-col gap-6">
      <title>Admin Dashboard | Unsheet</title>
      <div>
        <h1 className="text-2xl font-semibold">Admin Dashboard</h1>
        <TimeZoneNote />
      </div>
      {ready ? (
        <SWRConfig value={swr}>
          <Dashboard {...props} period={period} onPeriodChange={setPeriod} />
        </SWRConfig>
      ) : (
        // Until the overview answers, the cards' places with their placeholders: nothing asks on its own.
        <>
          <VisitorFigures metrics={undefined} period={period} onPeriodChange={setPeriod} />
          <StatCards apps={undefined} leadCount={undefined} suggestionCount={undefined} growth={undefined} metrics={undefined} />
        </>
      )}
    </div>
  );
}

function Dashboard({
  tab,
  onTabChange,
  pwa,
  insights,
  appLinks,
  period,
  onPeriodChange,
}: DashboardProps & { period: Period; onPeriodChange: (period: Period) => void }) {
  const { data: apps } = useCatalogueFigures();
  const { data: metrics } = useEngagementMetrics();
  // Today's is the same request as the cards'.
  const { data: visitors } = useEngagementMetrics(period);
  const { data: growth } = useGrowth();
  // The tabs' first pages: the same requests as the tabs make when they open.
  const { data: leads } = useLeads(FIRST_LEADS);
  const { data: suggestions } = useSuggestions(1);
  const { data: questions } = useVisitorMessages('quick-questions', 1);
  const { data: inquiries } = useVisitorMessages('developer-inquiries', 1);

  // Every tab of the list, each with its label and its panel (the record's type asks for all of them).
  const tabs: Record<AdminTab, { label: string; panel: ReactNode }> = {
    dashboard: {
      label: 'Overview',
      panel: <OverviewTab metrics={metrics} visitors={visitors} onExportLeads={() => void exportLeads(null)} insights={insights} />,
    },
    leads: { label: `Leads (${leads?.total ?? 0})`, panel: <LeadsTab /> },
    suggestions: { label: `Suggestions (${suggestions?.total ?? 0})`, panel: <SuggestionsTab /> },
    'app-links': { label: 'App Links', panel: appLinks },
    questions: {
      label: `Questions (${questions?.unread ?? 0})`,
      panel: <VisitorMessagesTab kind="quick-questions" />,
    },
    'developer-inquiries': {
      label: `Developers (${inquiries?.unread ?? 0})`,
      panel: <VisitorMessagesTab kind="developer-inquiries" />,
    },
    demand: { label: 'Demand', panel: <DemandTab /> },
    settings: { label: 'Settings', panel: <SettingsTab leadCount={leads?.spotsTaken} pwa={pwa} /> },
  };

  return (
    <>
      <VisitorFigures metrics={visitors} period={period} onPeriodChange={onPeriodChange} />
      <StatCards apps={apps} leadCount={leads?.spotsTaken} suggestionCount={suggestions?.total} growth={growth} metrics={metrics} />
      <Tabs value={tab} onValueChange={(value) => onTabChange(value as AdminTab)}>
        <TabsList aria-label="Dashboard sections">
          {ADMIN_TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {tabs[value].label}
            </TabsTrigger>
          ))}
        </TabsList>
        {ADMIN_TABS.map((value) => (
          <TabsContent key={value} value={value}>
            {tabs[value].panel}
          </TabsContent>
        ))}
      </Tabs>
    </>
  );
}
