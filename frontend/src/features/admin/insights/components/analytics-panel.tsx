/**
 * The analytics panel (admin spec §7): Search Queries (a position at or below 10 highlighted), Traffic
 * The analytics panel (admin spec §7): Search Queries (a position at or below 10 highlighted), Traffic
 * Sources (visits by channel, and sessions by traffic type and source) and UTM Campaigns over the last 30 days,
 * the Excluded Traffic the figures leave out (bots and other non-person sessions by class, with the rule that
 * excluded most of each), and Refresh Data, which pulls the last 7 days from Search Console and reloads them
 * all. Without Search Console credentials, a Queries CSV export can be uploaded.
 * Loading errors are logged only (spec §8).
 */
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../../components/ui/tabs';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useSWRConfig } from 'swr';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../../components/ui/card';
import { ApiError } from '../../../../lib/api-client';
import { ANALYTICS_WINDOW_DAYS } from '../../../../../../contracts/admin/first-screen';
import {
  analyticsWindow,
  excludedTrafficKey,
  fetchSearchConsole,
  searchQueriesKey,
  trafficSourcesKey,
  useSearchQueries,
  useExcludedTraffic,
  useTrafficSources,
  useUtmCampaigns,
  utmCampaignsKey,
  type DayRange,
  type TrafficSourceRow,
  type UtmCampaignRow,
} from '../api/analytics';
import { isTopPosition, trafficClassLabel, trafficTypeLabel } from '../format';
import { CHANNEL_LABELS } from '../../../../../../contracts/analytics/channels';
import { useEngagementMetrics } from '../../dashboard/api/get-engagement';
import { useTimeZone } from '../../time-zone/time-zone';
import { CHART_COLORS } from './chart-colors';
import { SearchQueriesUpload } from './search-queries-upload';

/** Recorded search figures reach the read model through an async projection: re-read for this long after. */
const FOLLOW_UP_MS = 10_000;

export function AnalyticsPanel() {
  const timeZone = useTimeZone();
  const range = useMemo(() => analyticsWindow(timeZone), [timeZone]);
  const { mutate } = useSWRConfig();
  const [refreshing, setRefreshing] = useState(false);
  const [note, setNote] = useState<string | null>(null);
  const [recordedAt, setRecordedAt] = useState<number | null>(null);

  useEffect(() => {
    if (recordedAt === null) return;
    const timer = setTimeout(() => setRecordedAt(null), FOLLOW_UP_MS);
    return () => clearTimeout(timer);
  }, [recordedAt]);

  async function refresh() {
    setRefreshing(true);
    setNote(null);
    try {
      const { recorded, startDate, endDate } = await fetchSearchConsole();
      setNote(`Search Console: ${recorded} rows recorded for ${startDate} to ${endDate}.`);
      setRecordedAt(Date.now());
    } catch (error) {
      console.error('Analytics panel: Search Console refresh failed', error);
      // 503 says why (not connected, or unreachable); the rest of the data still reloads.
      if (error instanceof ApiError && error.status === 503) setNote(error.message);
    }
    await Promise.all(
      [searchQueriesKey(range), trafficSourcesKey(range), utmCampaignsKey(range), excludedTrafficKey(range)].map((key) => mutate(key)),
    );
    setRefreshing(false);
  }

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="leading-tight font-semibold">Search &amp; Traffic Analytics</h2>
          <CardDescription>
            Last {ANALYTICS_WINDOW_DAYS} days ({range.from} to {range.to}, {timeZone})
          </CardDescription>
        </div>
        <Button type="button" variant="outline" onClick={refresh} disabled={refreshing}>
          {refreshing ? 'Refreshing...' : 'Refresh Data'}
        </Button>
      </CardHeader>
      <CardContent className="space-y-3">
        {note && (
          <p role="status" className="text-sm text-muted-foreground">
            {note}
          </p>
        )}
        <Tabs defaultValue="search">
          <TabsList aria-label="Analytics" className="mb-4">
            <TabsTrigger value="search">Search Queries</TabsTrigger>
            <TabsTrigger value="sources">Traffic Sources</TabsTrigger>
            <TabsTrigger value="utm">UTM Campaigns</TabsTrigger>
            <TabsTrigger value="excluded">Excluded Traffic</TabsTrigger>
          </TabsList>
          <TabsContent value="search" className="space-y-4 outline-none">
            <SearchQueriesUpload onImported={() => setRecordedAt(Date.now())} />
            <SearchQueriesTable range={range} polling={recordedAt !== null} />
          </TabsContent>
          <TabsContent value="sources" className="outline-none">
            <TrafficSources range={range} />
          </TabsContent>
          <TabsContent value="utm" className="outline-none">
            <UtmCampaigns range={range} />
          </TabsContent>
          <TabsContent value="excluded" className="outline-none">
            <ExcludedTraffic range={range} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}

function SearchQueriesTable({ range, polling }: { range: DayRange; polling: boolean }) {
  const { data, isLoading } = useSearchQueries(range, polling);
  const rows = data?.topQueries ?? [];
  if (isLoading && !data) return <Loading />;
  if (rows.length === 0) {
    return <Empty>No search query data yet. Refresh Data, or upload a Search Console Queries CSV.</Empty>;
  }
  return (
    <DataTable headers={['Query', 'Clicks', 'Impressions', 'CTR', 'Position']} numericFrom={1} label="Search queries">
      {rows.map((row) => (
        <tr key={row.query}>
          <td className="py-2 pr-4 break-words">{row.query}</td>
          <Num>{row.totalClicks}</Num>
          <Num>{row.totalImpressions}</Num>
          <Num>{row.ctr.toFixed(2)}%</Num>
          <td className="py-2 text-right">
            <Badge variant={isTopPosition(row.avgPosition) ? 'default' : 'outline'} data-top={isTopPosition(row.avgPosition)}>
              {row.avgPosition.toFixed(1)}
            </Badge>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function TrafficSources({ range }: { range: DayRange }) {
  const { data, isLoading } = useTrafficSources(range);
  // The same 30 days: the channels come with the engagement figures (docs/analytics.md, Channels).
  const { data: engagement } = useEngagementMetrics('30d');
  const rows: TrafficSourceRow[] = useMemo(() => data ?? [], [data]);
  const byChannel = useMemo(
    () => (engagement?.channels ?? []).map(({ channel, visits }) => ({ name: CHANNEL_LABELS[channel], sessions: visits })),
    [engagement],
  );
  if (isLoading && !data) return <Loading />;
  if (rows.length === 0) return <Empty>No sessions in the last 30 days.</Empty>;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <SessionsBarChart data={byChannel} label="Visits by channel" />
      <DataTable headers={['Type', 'Source', 'Sessions']} numericFrom={2} label="Traffic sources">
        {rows.map((row) => (
          <tr key={`${row.trafficType}/${row.source}`}>
            <td className="py-2 pr-4">{trafficTypeLabel(row.trafficType)}</td>
            <td className="py-2 pr-4 break-words">{row.source}</td>
            <Num>{row.sessions}</Num>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

function UtmCampaigns({ range }: { range: DayRange }) {
  const { data, isLoading } = useUtmCampaigns(range);
  const rows: UtmCampaignRow[] = data ?? [];
  if (isLoading && !data) return <Loading />;
  if (rows.length === 0) return <Empty>No UTM-tagged sessions in the last 30 days.</Empty>;
  const chart = rows.slice(0, 10).map((row) => ({ name: row.campaign ?? row.source ?? '(none)', sessions: row.sessions }));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <SessionsBarChart data={chart} label="Sessions by campaign (top 10)" />
      <DataTable headers={['Source', 'Medium', 'Campaign', 'Sessions']} numericFrom={3} label="UTM campaigns">
        {rows.map((row) => (
          <tr key={`${row.source}/${row.medium}/${row.campaign}`}>
            <td className="py-2 pr-4 break-words">{row.source ?? '—'}</td>
            <td className="py-2 pr-4 break-words">{row.medium ?? '—'}</td>
            <td className="py-2 pr-4 break-words">{row.campaign ?? '—'}</td>
            <Num>{row.sessions}</Num>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

/** The sessions the figures leave out, by class, each with the rule that excluded most of them. */
function ExcludedTraffic({ range }: { range: DayRange }) {
  const { data, isLoading } = useExcludedTraffic(range);
  if (isLoading && !data) return <Loading />;
  const rows = (data?.classes ?? []).filter((row) => row.sessions + row.batches > 0);
  if (rows.length === 0) return <Empty>No bots or other excluded traffic in the last 30 days.</Empty>;
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted-foreground">
        Left out of every figure above: {data!.sessions} sessions
        {data!.batches > 0 ? ` and ${data!.batches} bot batches dropped before` : ''}.
      </p>
      <DataTable headers={['Class', 'Top reason', 'Sessions', 'Events']} numericFrom={2} label="Excluded traffic">
        {rows.map((row) => (
          <tr key={row.class}>
            <td className="py-2 pr-4">{trafficClassLabel(row.class)}</td>
            <td className="py-2 pr-4 break-all">{row.topRules[0]?.rule ?? '—'}</td>
            <Num>{row.sessions}</Num>
            <Num>{row.events}</Num>
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

function SessionsBarChart({ data, label }: { data: { name: string; sessions: number }[]; label: string }) {
  return (
    <figure>
      <figcaption className="mb-2 text-sm font-medium">{label}</figcaption>
      <div className="h-64" role="img" aria-label={`${label}: ${data.map((d) => `${d.name} ${d.sessions}`).join(', ')}`}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} layout="vertical" margin={{ top: 0, right: 16, bottom: 0, left: 8 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} fontSize={12} />
            <YAxis type="category" dataKey="name" width={96} fontSize={12} />
            <Tooltip />
            <Bar dataKey="sessions" name="Sessions" radius={[0, 4, 4, 0]} isAnimationActive={false}>
              {data.map((_, i) => (
                <Cell key={i} fill={CHART_COLORS[i % CHART_COLORS.length]} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

function DataTable({
  headers,
  numericFrom,
  label,
  children,
}: {
  headers: string[];
  numericFrom: number;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label={label}>
        <thead className="border-b text-muted-foreground">
          <tr>
            {headers.map((header, i) => (
              <th
                key={header}
                scope="col"
                className={`py-2 font-medium ${i >= numericFrom ? 'text-right' : 'pr-4'} ${i > numericFrom ? 'pl-4' : ''}`}
              >
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
    </div>
  );
}

function Num({ children }: { children: ReactNode }) {
  return <td className="py-2 pl-4 text-right tabular-nums">{children}</td>;
}

function Loading() {
  return (
    <p role="status" className="text-sm text-muted-foreground">
      Loading...
    </p>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <p className="text-sm text-muted-foreground">{children}</p>;
}
