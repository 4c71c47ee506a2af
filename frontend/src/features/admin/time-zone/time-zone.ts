/**
 * The admin's time zone: the browser's (Intl) unless one is chosen in Settings, kept in this browser's
 * localStorage (the console's other settings are the server's, and this one belongs to the admin's desk,
 * not to the site). Every analytics read sends it as `tz`, every time the console shows is written in it,
 * and each screen names it ("Times in Europe/Berlin").
 */
import { create } from 'zustand';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../../../../../contracts/analytics/time-zone';

const KEY = 'unsheet.admin-time-zone';

/** The browser's zone; UTC when it names none the console knows. */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

function storedChoice(): string | null {
  try {
    const value = localStorage.getItem(KEY);
    return value && isTimeZone(value) ? value : null;
  } catch {
    return null;
  }
}

interface TimeZoneState {
  /** The zone chosen in Settings; null follows the browser. */
  chosen: string | null;
  /** The zone in force. */
  timeZone: string;
  choose(zone: string | null): void;
}

export const useTimeZoneStore = create<TimeZoneState>((set) => {
  const chosen = storedChoice();
  return {
    chosen,
    timeZone: chosen ?? browserTimeZone(),
    choose(zone) {
      const valid = zone !== null && isTimeZone(zone) ? zone : null;
      try {
        if (valid) localStorage.setItem(KEY, valid);
        else localStorage.removeItem(KEY);
      } catch {
        // Storage refused (private mode): the choice lasts for this page.
      }
      set({ chosen: valid, timeZone: valid ?? browserTimeZone() });
    },
  };
});

/** The zone in force, re-rendering when it changes. */
export const useTimeZone = () => useTimeZoneStore((state) => state.timeZone);

/** The zone in force, for formatters called outside a hook. */
export const currentTimeZone = () => useTimeZoneStore.getState().timeZone;

/** The label every screen with times carries. */
export const timeZoneLabel = (zone: string) => `Times in ${zone}`;

/** Every zone the browser knows, for the Settings picker. */
export function knownTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones.includes(DEFAULT_TIME_ZONE) ? zones : [DEFAULT_TIME_ZONE, ...zones];
}
