/**
 * The console's first row, as the analytics products people know show it (docs/analytics.md, "Figures"):
 * unique visitors, visits, page views, views per visit, bounce rate, visit duration and app interactions for
 * a period ending today, each against the period before it; and the panels that go with them (top, entry and
 * exit pages, channels).
 */
import { useId } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { NativeSelect } from '../../../../components/ui/select';
import { formatInteger } from '../../../../lib/utils';
import { CHANNEL_LABELS } from '../../../../../../contracts/analytics/channels';
import type { CardFigure } from '../../../../../../contracts/analytics/engagement';
import { PERIOD_LABELS, formatMinutesSeconds, formatPercent, previousPeriod, type Period } from '../dashboard-rules';
import type { EngagementMetrics } from '../types';
import { Change, LOADING, Stat } from './stat-cards';

/** The first row's cards: label, figure, how it is written, and whether less of it is better. */
const FIGURES: { label: string; figure: CardFigure; format: (value: number) => string; lowerIsBetter?: boolean }[] = [
  { label: 'Unique Visitors', figure: 'visitors', format: formatInteger },
  { label: 'Visits', figure: 'totalSessions', format: formatInteger },
  { label: 'Page Views', figure: 'pageViews', format: formatInteger },
  { label: 'Views per Visit', figure: 'avgPagesPerSession', format: (value) => value.toFixed(1) },
  { label: 'Bounce Rate', figure: 'bounceRate', format: formatPercent, lowerIsBetter: true },
  { label: 'Visit Duration', figure: 'avgTimeOnSite', format: formatMinutesSeconds },
  { label: 'App Interactions', figure: 'appInteractions', format: formatInteger },
];

export function VisitorFigures({
  metrics,
  period,
  onPeriodChange,
}: {
  metrics: EngagementMetrics | undefined;
  period: Period;
  onPeriodChange: (period: Period) => void;
}) {
  const selectId = useId();
  return (
    <section aria-labelledby={`${selectId}-title`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${selectId}-title`} className="text-lg font-semibold">
            Visitors
          </h2>
          <p className="text-sm text-muted-foreground">
            {metrics
              ? `${metrics.period.from === metrics.period.to ? metrics.period.from : `${metrics.period.from} to ${metrics.period.to}`}, against the ${previousPeriod(metrics.period.days)}`
              : LOADING}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-sm text-muted-foreground">
            Period
          </label>
          <NativeSelect id={selectId} className="w-40" value={period} onChange={(event) => onPeriodChange(event.target.value as Period)}>
            {Object.entries(PERIOD_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 xl:grid-cols-7">
        {FIGURES.map(({ label, figure, format, lowerIsBetter }) => (
          <Stat key={figure} label={label} value={metrics ? format(metrics[figure]) : LOADING}>
            {metrics && (
              <Change
                change={metrics.changes[figure]}
                days={metrics.period.days}
                testId={`visitors-${figure}`}
                lowerIsBetter={lowerIsBetter}
              />
            )}
          </Stat>
        ))}
      </div>
    </section>
  );
}

/** A ranked list with each row's share of the first drawn behind it, as analytics products show pages and sources. */
function BarList({ label, rows, unit }: { label: string; rows: { name: string; count: number }[]; unit: string }) {
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">Nothing in this period.</p>;
  const max = Math.max(...rows.map((row) => row.count));
  return (
    <ol className="flex flex-col gap-1" aria-label={label}>
      {rows.map((row) => (
        <li key={row.name} className="relative flex items-center justify-between gap-3 rounded px-2 py-1 text-sm">
          <span
            aria-hidden="true"
            className="absolute inset-y-0 left-0 rounded bg-primary/10"
            style={{ width: `${(row.count / max) * 100}%` }}
          />
          <span className="relative min-w-0 truncate" title={row.name}>
            {row.name}
          </span>
          <span className="relative text-muted-foreground tabular-nums">
            {formatInteger(row.count)}
            <span className="sr-only"> {unit}</span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** Top pages, entry pages, exit pages and channels of the first row's period. */
export function VisitorPanels({ metrics }: { metrics: EngagementMetrics | undefined }) {
  const pages = (rows: { page: string; count: number }[] | undefined) => (rows ?? []).map(({ page, count }) => ({ name: page, count }));
  const panels = [
    { title: 'Top Pages', description: 'Page views', unit: 'page views', rows: pages(metrics?.topPages) },
    { title: 'Entry Pages', description: 'Visits that began on the page', unit: 'visits', rows: pages(metrics?.entryPages) },
    { title: 'Exit Pages', description: 'Visits that ended on the page', unit: 'visits', rows: pages(metrics?.exitPages) },
    {
      title: 'Channels',
      description: 'Visits by where they came from',
      unit: 'visits',
      rows: (metrics?.channels ?? []).map(({ channel, visits }) => ({ name: CHANNEL_LABELS[channel], count: visits })),
    },
  ];
  return (
    <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
      {panels.map(({ title, description, unit, rows }) => (
        <Card key={title}>
          <CardHeader>
            <CardTitle>{title}</CardTitle>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent>
            {metrics ? <BarList label={title} rows={rows} unit={unit} /> : <p className="text-sm text-muted-foreground">Loading...</p>}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}
