import { countOf } from '../../../../lib/utils';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../../../lib/paths';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { useTopApps } from '../api/get-top-apps';
import { TOP_APPS_PAGE_SIZE } from '../../../../../../contracts/admin/first-screen';
import { formatHour, TOP_LIST_SIZE, topPeakHours } from '../dashboard-rules';
import type { EngagementMetrics } from '../types';
import { useTimeZone } from '../../time-zone/time-zone';
import { PeakHoursChart } from './peak-hours-chart';
import { VisitorPanels } from './visitor-figures';

function RankedList({ items, empty }: { items: { label: string; value: string }[]; empty: string }) {
  if (items.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <ol className="flex flex-col gap-2">
      {items.map((item, index) => (
        <li key={item.label} className="flex items-center justify-between gap-4 text-sm">
          <span className="flex items-center gap-2">
            <span className="w-5 text-muted-foreground tabular-nums">{index + 1}.</span>
            {item.label}
          </span>
          <span className="text-muted-foreground tabular-nums">{item.value}</span>
        </li>
      ))}
    </ol>
  );
}

/**
 * Overview: the first row's pages and channels, popular categories, peak hours (a 24-hour chart and the top
 * 5), quick actions, the most popular apps, and the insights panels.
 */
export function OverviewTab({
  metrics,
  visitors,
  onExportLeads,
  insights,
}: {
  metrics: EngagementMetrics | undefined;
  /** The first row's figures, for the period it shows. */
  visitors: EngagementMetrics | undefined;
  onExportLeads: () => void;
  /** The traffic chart and analytics panel, composed by the route. */
  insights: ReactNode;
}) {
  const categories = (metrics?.topCategories ?? []).slice(0, TOP_LIST_SIZE);
  const hours = topPeakHours(metrics?.peakHours ?? []);
  const timeZone = useTimeZone();
  return (
    <div className="flex flex-col gap-6">
      <VisitorPanels metrics={visitors} />
      <div className="grid gap-6 md:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle>Popular Categories</CardTitle>
          </CardHeader>
          <CardContent>
            <RankedList
              empty="No category views yet."
              items={categories.map(({ category, count }) => ({ label: category, value: countOf(count, 'view', 'views') }))}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Peak Activity Hours</CardTitle>
            <CardDescription>Sessions by hour started, {metrics?.period.timeZone ?? timeZone}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {metrics && <PeakHoursChart hours={metrics.sessionsByHour} timeZone={metrics.period.timeZone} />}
            <RankedList
              empty="No sessions yet."
              items={hours.map(({ hour, sessions }) => ({
                label: formatHour(hour),
                value: countOf(sessions, 'session', 'sessions'),
              }))}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Quick Actions</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-2">
            <Button asChild variant="outline" className="justify-start">
              <Link to={paths.adminApps}>Add Apps</Link>
            </Button>
            <Button asChild variant="outline" className="justify-start">
              <Link to={paths.adminImportApps}>Import Apps</Link>
            </Button>
            <Button asChild variant="outline" className="justify-start">
              <Link to={paths.adminGoogleAdsCsv}>Google Ads CSV Generator</Link>
            </Button>
            <Button type="button" variant="outline" className="justify-start" onClick={onExportLeads}>
              Export Leads
            </Button>
          </CardContent>
        </Card>
      </div>
      <MostPopularApps />
      {insights}
    </div>
  );
}

function MostPopularApps() {
  const [page, setPage] = useState(0);
  const { data: apps, isLoading } = useTopApps(page);
  const rows = apps ?? [];
  return (
    <Card>
      <CardHeader>
        <CardTitle>Most Popular Apps</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {isLoading && !apps ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">No apps found. Add some apps to get started!</p>
        ) : (
          <ul className="flex flex-col divide-y" aria-label="Most popular apps">
            {rows.map((app, index) => (
              <li key={app.id} className="relative flex items-center gap-3 py-3 hover:bg-muted/50">
                <span className="w-6 text-sm text-muted-foreground tabular-nums">{page * TOP_APPS_PAGE_SIZE + index + 1}</span>
                <div className="min-w-0 flex-1">
                  {/* Stretched over the row: the whole row opens the app, for a mouse and a keyboard alike. */}
                  <Link to={paths.app(app.slug)} className="font-medium after:absolute after:inset-0 hover:underline">
                    {app.name}
                  </Link>
                  <p className="truncate text-sm text-muted-foreground">
                    {app.category} · {countOf(app.views, 'view', 'views')}
                  </p>
                </div>
                <Button asChild variant="outline" size="sm" className="relative z-10">
                  <Link to={paths.adminEditApp(app.id)} aria-label={`Edit ${app.name}`}>
                    Edit
                  </Link>
                </Button>
              </li>
            ))}
          </ul>
        )}
        <div className="flex items-center justify-between">
          <Button type="button" variant="outline" size="sm" disabled={page === 0} onClick={() => setPage((p) => p - 1)}>
            Previous
          </Button>
          <span className="text-sm text-muted-foreground">Page {page + 1}</span>
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={rows.length < TOP_APPS_PAGE_SIZE}
            onClick={() => setPage((p) => p + 1)}
          >
            Next
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
