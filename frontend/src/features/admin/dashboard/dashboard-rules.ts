/** The dashboard's display rules (spec §2, §4, §9), pure so that tests pin them down. */
import { EARLY_EXPLORERS_CAP } from '../../../../../contracts/early-access/rewards';
import type { MessageStatus, Suggestion, SuggestionStatus } from './types';

export const TOP_APPS_PAGE_SIZE = 5;
export const TOP_LIST_SIZE = 5;

/** 0 → '12 AM', 13 → '1 PM', 12 → '12 PM'. */
export function formatHour(hour: number): string {
  const suffix = hour < 12 ? 'AM' : 'PM';
  return `${hour % 12 === 0 ? 12 : hour % 12} ${suffix}`;
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

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
