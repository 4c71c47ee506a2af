import { formatInteger } from '../../../../lib/utils';
import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { EARLY_EXPLORERS_CAP } from '../../../../../../contracts/early-access/rewards';
import { changeTone, describeChange, formatMinutesSeconds, formatPercent, type ChangeDirection } from '../dashboard-rules';
import type { CatalogueFigures, EngagementMetrics, FigureChange, Growth } from '../types';
import type { GrowthFigure } from '../../../../../../contracts/analytics/dashboard';
import type { CardFigure } from '../../../../../../contracts/analytics/engagement';

export const LOADING = '—';

export function Stat({ label, value, children }: { label: string; value: ReactNode; children?: ReactNode }) {
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

const ARROWS: Record<ChangeDirection, string> = { up: '▲', down: '▼', flat: '→', none: '' };
const TONES = { good: 'text-green-700', bad: 'text-red-700', neutral: 'text-muted-foreground' } as const;

/**
 * A card's change against the previous period: an arrow and a colour, and the words that say the same;
 * `gained` leads with what the figure gained in the period ('3 added'). `lowerIsBetter` colours a rise red.
 */
export function Change({
  change,
  days,
  testId,
  gained,
  lowerIsBetter,
}: {
  change: FigureChange;
  days: number;
  testId: string;
  gained?: string;
  lowerIsBetter?: boolean;
}) {
  const { text, direction } = describeChange(change, days);
  const arrow = ARROWS[direction];
  const className = TONES[changeTone(direction, lowerIsBetter)];
  return (
    <p className={`mt-1 flex items-center gap-1 text-xs ${className}`} data-testid={`change-${testId}`}>
      {arrow && <span aria-hidden="true">{arrow}</span>}
      {gained ? `${gained} · ${text}` : text}
    </p>
  );
}

/** An engagement card's change. */
function EngagementChange({ metrics, figure }: { metrics: EngagementMetrics | undefined; figure: CardFigure }) {
  return metrics ? <Change change={metrics.changes[figure]} days={metrics.period.days} testId={figure} /> : null;
}

/** What a top card's figure gained in the period ('3 added'), and its change. */
const GAINED: Record<GrowthFigure, string> = {
  appsAdded: 'added',
  leadsJoined: 'joined',
  appViews: 'counted',
  suggestionsReceived: 'received',
};
function GrowthChange({ growth, figure }: { growth: Growth | undefined; figure: GrowthFigure }) {
  if (!growth) return null;
  const gained = `${formatInteger(growth[figure])} ${GAINED[figure]}`;
  return <Change change={growth.changes[figure]} days={growth.period.days} testId={figure} gained={gained} />;
}

/**
 * The four top cards (all-time totals, each with what it gained in the period and that against the previous
 * period) and the engagement row (spec §2, and the return rate), each with its change against the previous
 * period; placeholders only while loading.
 */
export function StatCards({
  apps,
  leadCount,
  suggestionCount,
  growth,
  metrics,
}: {
  apps: CatalogueFigures | undefined;
  leadCount: number | undefined;
  suggestionCount: number | undefined;
  growth: Growth | undefined;
  metrics: EngagementMetrics | undefined;
}) {
  const progress = Math.min(100, ((leadCount ?? 0) / EARLY_EXPLORERS_CAP) * 100);
  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        <Stat label="Total Apps" value={apps ? formatInteger(apps.active) : LOADING}>
          <GrowthChange growth={growth} figure="appsAdded" />
        </Stat>
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
          <GrowthChange growth={growth} figure="leadsJoined" />
        </Stat>
        <Stat label="Total Views" value={apps ? formatInteger(apps.activeViews) : LOADING}>
          <GrowthChange growth={growth} figure="appViews" />
        </Stat>
        <Stat label="Suggestions" value={suggestionCount ?? LOADING}>
          <GrowthChange growth={growth} figure="suggestionsReceived" />
        </Stat>
      </div>
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-5">
        <Stat label="Avg. Time on Site" value={metrics ? formatMinutesSeconds(metrics.avgTimeOnSite) : LOADING}>
          <EngagementChange metrics={metrics} figure="avgTimeOnSite" />
        </Stat>
        <Stat label="Pages per Visit" value={metrics ? metrics.avgPagesPerSession.toFixed(1) : LOADING}>
          <EngagementChange metrics={metrics} figure="avgPagesPerSession" />
        </Stat>
        <Stat label="Quiz Completion" value={metrics ? formatPercent(metrics.quizCompletionRate) : LOADING}>
          <EngagementChange metrics={metrics} figure="quizCompletionRate" />
        </Stat>
        <Stat label="Daily Sessions" value={metrics ? formatInteger(metrics.totalSessions) : LOADING}>
          <EngagementChange metrics={metrics} figure="totalSessions" />
        </Stat>
        {/* Visitors of the period who had come before it, or came more than once in it. */}
        <Stat label="Returning Visitors" value={metrics ? formatPercent(metrics.userReturnRate) : LOADING}>
          <EngagementChange metrics={metrics} figure="userReturnRate" />
        </Stat>
      </div>
    </div>
  );
}
