/** Sessions and page views per day (in the admin's time zone) for a chosen date range (the Overview's traffic chart). */
import { useId, useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardDescription, CardHeader } from '../../../../components/ui/card';
import { Input } from '../../../../components/ui/input';
import { Label } from '../../../../components/ui/label';
import { countOf } from '../../../../lib/utils';
import { analyticsWindow, useDailySeries } from '../api/analytics';
import { useTimeZone } from '../../time-zone/time-zone';
import { CHART_COLORS } from './chart-colors';

/** The server answers at most 400 days (analytics/metrics/date-range.ts). */
const MAX_DAYS = 400;

export function DailyTrafficChart() {
  const timeZone = useTimeZone();
  const [first] = useState(() => analyticsWindow(timeZone));
  const [from, setFrom] = useState(first.from);
  const [to, setTo] = useState(first.to);
  const problem = rangeProblem(from, to);
  const { data, isLoading } = useDailySeries(problem ? null : { from, to, timeZone });
  const id = useId();
  const sessions = data?.reduce((sum, d) => sum + d.sessions, 0) ?? 0;
  const pageViews = data?.reduce((sum, d) => sum + d.pageViews, 0) ?? 0;

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="leading-tight font-semibold">Daily Traffic</h2>
          <CardDescription>Sessions and page views per day, days in {timeZone}</CardDescription>
        </div>
        <div className="flex flex-wrap gap-3">
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-from`}>From</Label>
            <Input id={`${id}-from`} type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} className="w-40" />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-to`}>To</Label>
            <Input id={`${id}-to`} type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} className="w-40" />
          </div>
        </div>
      </CardHeader>
      <CardContent>
        {problem ? (
          <p role="alert" className="text-sm text-destructive">
            {problem}
          </p>
        ) : (
          <>
            <p className="mb-2 text-sm text-muted-foreground" aria-live="polite">
              {isLoading ? 'Loading...' : `${countOf(sessions, 'session', 'sessions')} · ${countOf(pageViews, 'page view', 'page views')}`}
            </p>
            <div className="h-72" role="img" aria-label={`Daily sessions and page views from ${from} to ${to}`}>
              <ResponsiveContainer width="100%" height="100%">
                <LineChart data={data ?? []} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
                  <CartesianGrid strokeDasharray="3 3" vertical={false} />
                  <XAxis dataKey="day" tickFormatter={(day: string) => day.slice(5)} fontSize={12} minTickGap={16} />
                  <YAxis allowDecimals={false} fontSize={12} />
                  <Tooltip />
                  <Legend />
                  <Line
                    type="monotone"
                    dataKey="sessions"
                    name="Sessions"
                    stroke={CHART_COLORS[0]}
                    strokeWidth={2}
                    dot={false}
                    isAnimationActive={false}
                  />
                  <Line
                    type="monotone"
                    dataKey="pageViews"
                    name="Page views"
                    stroke={CHART_COLORS[1]}
                    strokeWidth={2}
                    dot={false}
                    isAnimationActive={false}
                  />
                </LineChart>
              </ResponsiveContainer>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function rangeProblem(from: string, to: string): string | null {
  if (!from || !to) return 'Choose both dates.';
  if (to < from) return 'The end date must not be before the start date.';
  if ((Date.parse(to) - Date.parse(from)) / 86_400_000 + 1 > MAX_DAYS) return `Choose at most ${MAX_DAYS} days.`;
  return null;
}
