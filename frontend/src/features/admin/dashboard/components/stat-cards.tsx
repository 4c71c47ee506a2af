import { formatInteger } from '../../../../lib/utils';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { EARLY_EXPLORERS_CAP } from '../../../../../../contracts/early-access/rewards';
import { describeChange, formatMinutesSeconds, type ChangeDirection } from '../dashboard-rules';
import type { CatalogueFigures, EngagementMetrics } from '../types';
import type { CardFigure } from '../../../../../../contracts/analytics/engagement';

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

const CHANGE_STYLES: Record<ChangeDirection, { arrow: string; className: string }> = {
  up: { arrow: '▲', className: 'text-green-700' },
  down: { arrow: '▼', className: 'text-red-700' },
  flat: { arrow: '→', className: 'text-muted-foreground' },
  none: { arrow: '', className: 'text-muted-foreground' },
};

/** A card's change against the previous period: an arrow and a colour, and the words that say the same. */
function Change({ metrics, figure }: { metrics: EngagementMetrics | undefined; figure: CardFigure }) {
  if (!metrics) return null;
  const { text, direction } = describeChange(metrics.changes[figure], metrics.period.days);
  const { arrow, className } = CHANGE_STYLES[direction];
  return (
    <p className={`mt-1 flex items-center gap-1 text-xs ${className}`} data-testid={`change-${figure}`}>
      {arrow && <span aria-hidden="true">{arrow}</span>}
      {text}
    </p>
  );
}

/**
 * The four top cards (all-time totals) and the engagement row (spec §2, and the return rate), each of the
 * latter with its change against the previous period; placeholders only while loading.
 */
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
        <Stat label="Avg. Time on Site" value={metrics ? formatMinutesSeconds(metrics.avgTimeOnSite) : LOADING}>
          <Change metrics={metrics} figure="avgTimeOnSite" />
        </Stat>
        <Stat label="Pages per Visit" value={metrics ? metrics.avgPagesPerSession.toFixed(1) : LOADING}>
          <Change metrics={metrics} figure="avgPagesPerSession" />
        </Stat>
        <Stat label="Quiz Completion" value={metrics ? `${Number(metrics.quizCompletionRate.toFixed(1))}%` : LOADING}>
          <Change metrics={metrics} figure="quizCompletionRate" />
        </Stat>
        <Stat label="Daily Sessions" value={metrics ? formatInteger(metrics.totalSessions) : LOADING}>
          <Change metrics={metrics} figure="totalSessions" />
        </Stat>
        {/* Visitors of the period who had come before it, or came more than once in it. */}
        <Stat label="Returning Visitors" value={metrics ? `${Number(metrics.userReturnRate.toFixed(1))}%` : LOADING}>
          <Change metrics={metrics} figure="userReturnRate" />
        </Stat>
      </div>
    </div>
  );
}
