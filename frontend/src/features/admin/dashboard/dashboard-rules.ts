/** The dashboard's display rules (spec §2, §4, §9), pure so that tests pin them down. */
import { EARLY_EXPLORERS_CAP } from '../../../../../contracts/early-access/rewards';
import type { FigureChange, MessageStatus, Suggestion, SuggestionStatus } from './types';

export const TOP_LIST_SIZE = 5;

/** 0 → '12 AM', 13 → '1 PM', 12 → '12 PM'. */
export function formatHour(hour: number): string {
  const suffix = hour < 12 ? 'AM' : 'PM';
  return `${hour % 12 === 0 ? 12 : hour % 12} ${suffix}`;
}

/** '12 AM' → '12a' for the chart's ticks: 0 → '12a', 6 → '6a', 12 → '12p'. */
export function formatHourShort(hour: number): string {
  return formatHour(hour).replace(' AM', 'a').replace(' PM', 'p');
}

/** The periods the first row can show, each ending today. */
export const PERIOD_DAYS = { today: 1, '7d': 7, '30d': 30 } as const;
export type Period = keyof typeof PERIOD_DAYS;
export const PERIOD_LABELS: Record<Period, string> = { today: 'Today', '7d': 'Last 7 days', '30d': 'Last 30 days' };

/** 'previous day', 'previous 30 days': the period a card's change is against. */
export function previousPeriod(days: number): string {
  return days === 1 ? 'previous day' : `previous ${days} days`;
}

export type ChangeDirection = 'up' | 'down' | 'flat' | 'none';

/**
 * A card's change in words, so that it never rests on colour alone: '+12% vs previous day', '-8% vs previous
 * 30 days', 'No change vs previous day', 'Up from 0 vs previous day', or 'No data for the previous day'
 * when that period had no sessions (never '+∞%').
 */
export function describeChange(change: FigureChange, days: number): { text: string; direction: ChangeDirection } {
  const period = previousPeriod(days);
  if (change.previous === null) return { text: `No data for the ${period}`, direction: 'none' };
  if (change.percent === null) return { text: `Up from 0 vs ${period}`, direction: 'up' };
  if (change.percent === 0) return { text: `No change vs ${period}`, direction: 'flat' };
  const sign = change.percent > 0 ? '+' : '-';
  return { text: `${sign}${Math.abs(change.percent)}% vs ${period}`, direction: change.percent > 0 ? 'up' : 'down' };
}

/**
 * The tone of a change: up is good and green, down red, unless less of the figure is better (bounce rate),
 * where the colours swap; the arrow still points the way the figure went.
 */
export function changeTone(direction: ChangeDirection, lowerIsBetter = false): 'good' | 'bad' | 'neutral' {
  if (direction !== 'up' && direction !== 'down') return 'neutral';
  return (direction === 'up') !== lowerIsBetter ? 'good' : 'bad';
}

/** A percentage as the cards show it: one decimal at most, '40%', '16.7%'. */
export function formatPercent(value: number): string {
  return `${Number(value.toFixed(1))}%`;
}

/** Avg. Time on Site in minutes and seconds: 0 → '0m 0s', 125 → '2m 5s'. */
export function formatMinutesSeconds(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  return `${Math.floor(whole / 60)}m ${whole % 60}s`;
}

/** The five peak hours, busiest first (the metrics endpoint returns six). */
export function topPeakHours(peakHours: readonly { hour: number; sessions: number }[]) {
  return [...peakHours].sort((a, b) => b.sessions - a.sessions || a.hour - b.hour).slice(0, TOP_LIST_SIZE);
}

/** The console's badge tones: red asks for attention, yellow waits, green is done, grey is anything else. */
export const BADGE_TONES = {
  red: 'border-transparent bg-red-100 text-red-800',
  yellow: 'border-transparent bg-yellow-100 text-yellow-800',
  green: 'border-transparent bg-green-100 text-green-800',
  grey: 'border-transparent bg-slate-100 text-slate-700',
} as const;

/** Badge colours (spec §4): new/unread red, triaged/read yellow, done/replied green, anything else grey. */
export function statusBadgeClass(status: SuggestionStatus | MessageStatus | string): string {
  switch (status) {
    case 'new':
    case 'unread':
      return BADGE_TONES.red;
    case 'triaged':
    case 'read':
      return BADGE_TONES.yellow;
    case 'done':
    case 'replied':
      return BADGE_TONES.green;
    default:
      return BADGE_TONES.grey;
  }
}

/** The Leads title's figure: 'filtered/total' with a filter or a search, '/100' (the Early Explorers cap) without. */
export function leadsTitleCount(shown: number, total: number, filtered: boolean): string {
  return filtered ? `${shown}/${total}` : `${total}/${EARLY_EXPLORERS_CAP}`;
}

/** 'Reply via Email': a mail draft to the visitor with a subject about their suggestion. */
export function suggestionReplyHref(suggestion: Pick<Suggestion, 'email' | 'suggestion_text'>): string {
  const topic = suggestion.suggestion_text.length > 50 ? `${suggestion.suggestion_text.slice(0, 50)}...` : suggestion.suggestion_text;
  const subject = `Re: Your suggestion for Unsheet: ${topic}`;
  return `mailto:${suggestion.email}?subject=${encodeURIComponent(subject)}`;
}

// Days and times as every admin screen writes them: in the admin's time zone.
export { formatDate, formatDateTime, formatDateTimeWithZone } from '../insights/format';
