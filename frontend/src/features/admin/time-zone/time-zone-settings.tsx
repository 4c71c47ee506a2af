import { useId, useMemo } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/select';
import { browserTimeZone, knownTimeZones, timeZoneLabel, useTimeZoneStore } from './time-zone';

/** Settings' Time Zone panel: the browser's zone, or one chosen here (kept in this browser). */
export function TimeZoneSettings() {
  const { chosen, timeZone, choose } = useTimeZoneStore();
  const zones = useMemo(knownTimeZones, []);
  const browser = browserTimeZone();
  const id = useId();
  return (
    <Card>
      <CardHeader>
        <h2 className="leading-tight font-semibold">Time Zone</h2>
        <CardDescription>
          The days, hours and times of the dashboard, lead details and audit trail are counted and shown in it.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor={id}>Time zone</Label>
          <NativeSelect id={id} value={chosen ?? ''} onChange={(event) => choose(event.target.value || null)}>
            <option value="">This browser&apos;s ({browser})</option>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone}
              </option>
            ))}
          </NativeSelect>
        </div>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {timeZoneLabel(timeZone)}
        </p>
      </CardContent>
    </Card>
  );
}
