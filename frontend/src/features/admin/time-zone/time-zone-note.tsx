import { cn } from '../../../lib/utils';
import { timeZoneLabel, useTimeZone } from './time-zone';

/** "Times in Europe/Berlin": the zone every time and day on the screen is given in. */
export function TimeZoneNote({ className }: { className?: string }) {
  const zone = useTimeZone();
  return <p className={cn('text-sm text-muted-foreground', className)}>{timeZoneLabel(zone)}</p>;
}
