import { formatInteger } from '../../../../lib/utils';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { EARLY_EXPLORERS_CAP } from '../../../../../../contracts/early-access/rewards';
import { formatMinutesSeconds } from '../dashboard-rules';
import type { CatalogueFigures, EngagementMetrics } from '../types';

const LOADING = '—';

function Stat({ label, value, children }: { label: string; value: ReactNode; children?: ReactNode }) {
  return (
    <Card className="gap-2 py-4">
      <CardHeader className="px-4">
        <CardTitle className="text-sm font-medium text-muted-foreground">{label}</CardTitle>
      </CardHeader>
      <CardContent className="px-4">
        <p className="text-2xl font-bold tabular-nums" data-testid={`stat-${label}`}>
          {value}
        </p>
        {children}
      </CardContent>
    </Card>
  );
}

/** The four top cards and the engagement row (spec §2, and the return rate); placeholders only while loading. */
export function StatCards({
  apps,
  leadCount,
  suggestionCount,
  metrics,
}: {
  apps: CatalogueFigures | undefined;
  leadCount: number | undefined;
  suggestionCount: number | undefined;
  metrics: EngagementMetrics | undefined;
}) {
  const progress = Math.min(100, ((leadCount ?? 0) / EARLY_EXPLORERS_CAP) * 100);
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat label="Total Apps" value={apps ? formatInteger(apps.active) : LOADING} />
        <Stat label="Early Explorers" value={leadCount === undefined ? LOADING : `${leadCount}/${EARLY_EXPLORERS_CAP}`}>
          <div
            role="progressbar"
            aria-label="Early Explorer spots taken"
            aria-valuemin={0}
            aria-valuemax={EARLY_EXPLORERS_CAP}
            aria-valuenow={leadCount ?? 0}
            className="mt-2 h-2 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${progress}%` }} />
          </div>
        </Stat>
        <Stat label="Total Views" value={apps ? formatInteger(apps.activeViews) : LOADING} />
        <Stat label="Suggestions" value={suggestionCount ?? LOADING} />
      </div>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-5">
        <Stat label="Avg. Time on Site" value={metrics ? formatMinutesSeconds(metrics.avgTimeOnSite) : LOADING} />
        <Stat label="Pages per Visit" value={metrics ? metrics.avgPagesPerSession.toFixed(1) : LOADING} />
        <Stat label="Quiz Completion" value={metrics ? `${Number(metrics.quizCompletionRate.toFixed(1))}%` : LOADING} />
        <Stat label="Daily Sessions" value={metrics ? formatInteger(metrics.totalSessions) : LOADING} />
        {/* Visitors of the period who had come before it, or came more than once in it. */}
        <Stat label="Returning Visitors" value={metrics ? `${Number(metrics.userReturnRate.toFixed(1))}%` : LOADING} />
      </div>
    </div>
  );
}
