/** Pure display rules of the admin's insight screens (admin spec §2, §9); times in the admin's time zone. */
import { currentTimeZone } from '../time-zone/time-zone';

/**
 * The spec's time format (§9): under 60 s as seconds ('45s'); under an hour as minutes and seconds
 * ('2m 5s'); otherwise hours and minutes ('1h 3m'). The backend's analytics/format-duration.ts is the same
 * rule; the SPA cannot import backend code.
 */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(Number.isFinite(totalSeconds) ? totalSeconds : 0));
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) return `${Math.floor(seconds / 60)}m ${seconds % 60}s`;
  return `${Math.floor(seconds / 3600)}h ${Math.floor((seconds % 3600) / 60)}m`;
}

const euros = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Revenue in euros with 2 decimals (spec §2): '€1,234.50'. */
export function formatEuros(amount: number): string {
  const value = Number.isFinite(amount) ? amount : 0;
  return `${value < 0 ? '-' : ''}€${euros.format(Math.abs(value))}`;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withTime}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZoneName: 'short' } : {}),
      timeZone,
    });
    formats.set(key, format);
  }
  return format;
}

/** 'Nov 22, 2026', the day in the admin's time zone (the screen names the zone). */
export function formatDate(iso: string, timeZone = currentTimeZone()): string {
  return formatIn(timeZone, false).format(new Date(iso));
}

/** 'Nov 22, 2026, 10:05 GMT+1', in the admin's time zone (the screen names the zone; the offset tells summer from winter). */
export function formatDateTime(iso: string, timeZone = currentTimeZone()): string {
  return formatIn(timeZone, true).format(new Date(iso));
}

/**
 * formatDateTime with the zone named once: 'Nov 22, 2026, 15:50 UTC' when the zone's own abbreviation is its
 * name, 'Nov 22, 2026, 10:05 GMT+1 (Europe/Berlin)' when the abbreviation tells only the offset.
 */
export function formatDateTimeWithZone(iso: string, timeZone = currentTimeZone()): string {
  const text = formatDateTime(iso, timeZone);
  return text.endsWith(` ${timeZone}`) ? text : `${text} (${timeZone})`;
}

/** A Search Console position at or below 10 (the first page of results) is highlighted (spec §9). */
export function isTopPosition(position: number): boolean {
  return position <= 10;
}

/** YYYY-MM-DD of the day `days` after (or before) `from`'s day in the zone. */
export function dayOffset(days: number, timeZone = currentTimeZone(), from = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', day: 'numeric', timeZone }).formatToParts(from);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const day = Date.UTC(part('year'), part('month') - 1, part('day') + days);
  return new Date(day).toISOString().slice(0, 10);
}

/** The path of a URL ('/app/x?y' from 'https://unsheet.app/app/x?y'); the input itself when it is no URL. */
export function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/** A quiz question as the label of its answer: 'Team size:' but 'How many people would use it?' as asked. */
export function questionLabel(question: string): string {
  const text = question.trim();
  return text === '' || /[?!.:]$/.test(text) ? text : `${text}:`;
}

const TRAFFIC_TYPE_LABELS: Record<string, string> = {
  search: 'Search',
  social: 'Social',
  paid: 'Paid',
  ai: 'AI',
  referral: 'Referral',
  direct: 'Direct',
  unknown: 'Unknown',
};

/** A traffic type as the console names it ('AI', not the 'Ai' that capitalising 'ai' gives). */
export function trafficTypeLabel(type: string): string {
  return TRAFFIC_TYPE_LABELS[type] ?? type;
}

const TRAFFIC_CLASS_LABELS: Record<string, string> = {
  'search-crawler': 'Search crawlers',
  'ai-crawler': 'AI crawlers and agents',
  automation: 'Automation',
  'data-centre': 'Data centres',
  'referrer-spam': 'Referrer spam',
};

/** An excluded traffic class as the console names it. */
export function trafficClassLabel(cls: string): string {
  return TRAFFIC_CLASS_LABELS[cls] ?? cls;
}
