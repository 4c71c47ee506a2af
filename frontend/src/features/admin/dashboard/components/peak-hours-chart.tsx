/** Peak Activity Hours as a chart: every hour of the day (in the admin's zone), quiet hours as empty slots. */
import { Bar, BarChart, CartesianGrid, Rectangle, ResponsiveContainer, Tooltip, XAxis, YAxis, type BarShapeProps } from 'recharts';
import { countOf } from '../../../../lib/utils';
import { CHART_COLORS } from '../../insights/components/chart-colors';
import { formatHour, formatHourShort } from '../dashboard-rules';

export function PeakHoursChart({ hours, timeZone }: { hours: readonly { hour: number; sessions: number }[]; timeZone: string }) {
  const busy = hours.filter((h) => h.sessions > 0);
  const summary =
    busy.length === 0 ? 'no sessions' : busy.map((h) => `${formatHour(h.hour)} ${countOf(h.sessions, 'session', 'sessions')}`).join(', ');
  return (
    <div className="h-40" role="img" aria-label={`Sessions per hour of the day, ${timeZone}: ${summary}`} data-testid="peak-hours-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={hours.map((h) => ({ ...h, label: formatHour(h.hour) }))} margin={{ top: 4, right: 4, bottom: 0, left: -28 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="hour" ticks={[0, 6, 12, 18]} tickFormatter={formatHourShort} fontSize={11} interval={0} />
          <YAxis allowDecimals={false} fontSize={11} />
          <Tooltip labelFormatter={(hour) => formatHour(Number(hour))} />
          {/* Every hour is drawn (a shape of our own keeps recharts from dropping zero bars) on its track, so a
              quiet hour shows as an empty slot rather than as nothing. */}
          <Bar
            dataKey="sessions"
            name="Sessions"
            fill={CHART_COLORS[0]}
            background={{ fill: '#f1f5f9' }}
            shape={(props: BarShapeProps) => <Rectangle {...props} radius={[2, 2, 0, 0]} />}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
