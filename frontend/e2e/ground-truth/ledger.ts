/**
 * What scripted visitors did, written down as they did it, and the figures the console must show for it,
 * worked out from that record alone by the definitions in docs/analytics.md (the formulas are the API's own
 * pure ones: rounding, percentages, the session duration rule). The ground-truth test compares these with
 * what the console reads, exactly.
 */
import type { Channel } from '../../../contracts/analytics/channels.js';
import { average, percent, quizCompletionRate, round, userReturnRate } from '../../../backend/src/analytics/metrics/formulas.js';

/** A page the visitor opened: its path (the kept URL's path and query) and when, by the page's own clock. */
export interface LedgerPage {
  path: string;
  at: number;
}

/** One visit (one tab's browsing session), as the visitor made it. */
export interface LedgerVisit {
  /** The browser profile (one visitor id), as the script names it. */
  visitor: string;
  /** When its first page started loading, by the page's clock (epoch ms). */
  start: number;
  /** When the visitor left its last page (epoch ms); set when the visit ends. */
  end: number;
  pages: LedgerPage[];
  /** Where it came from, as the console names it: the source ('google', 'direct', a host) and its kind. */
  source: string;
  trafficType: 'search' | 'social' | 'paid' | 'ai' | 'referral' | 'direct';
  /** Its channel by the published table (docs/analytics.md, "Channels"). */
  channel: Channel;
  utm: { source: string | null; medium: string | null; campaign: string | null } | null;
  /** Slugs of the app pages viewed, one entry per view. */
  appViews: string[];
  quizResults: number;
  /** App interactions the visitor made (a call to action clicked, an app opened; not app views). */
  interactions: number;
  /** The address that joined the list in this visit, if one did. */
  joined: string | null;
}

/** A range of whole days in a time zone, as the console asks for one. */
export interface LedgerRange {
  from: string;
  to: string;
  timeZone: string;
}

export class Ledger {
  readonly visits: LedgerVisit[] = [];
  /** Searches typed into the site's search box that found nothing, in the order typed. */
  readonly emptySearches: string[] = [];
  /** Visits by bots and automation, by the class docs/analytics.md gives them: none may reach a figure. */
  readonly excluded: { class: string; what: string }[] = [];

  open(visit: Omit<LedgerVisit, 'pages' | 'end' | 'appViews' | 'quizResults' | 'interactions' | 'joined'>): LedgerVisit {
    const entry: LedgerVisit = { ...visit, pages: [], end: visit.start, appViews: [], quizResults: 0, interactions: 0, joined: null };
    this.visits.push(entry);
    return entry;
  }
}

/** The calendar day (YYYY-MM-DD) and hour of an instant in a time zone. */
export function dayAndHour(at: number, timeZone: string): { day: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(at))
      .map((part) => [part.type, part.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

const inRange = (at: number, range: LedgerRange) => {
  const { day } = dayAndHour(at, range.timeZone);
  return day >= range.from && day <= range.to;
};

/** Every day of the range, in order. */
function daysOf(range: LedgerRange): string[] {
  const days: string[] = [];
  for (let day = new Date(`${range.from}T00:00:00Z`); day.toISOString().slice(0, 10) <= range.to; day.setUTCDate(day.getUTCDate() + 1)) {
    days.push(day.toISOString().slice(0, 10));
  }
  return days;
}

/** A page's path as the console lists it (no query). */
const pathOf = (path: string) => path.split('?')[0]!;

/** A visit's duration in whole seconds: from its first page to when its last page was left. */
export const durationOf = (visit: LedgerVisit) => Math.round((visit.end - visit.start) / 1000);

/** Text order with nulls last, as the console lists rows. */
const byText = (a: string | null, b: string | null) => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);

export function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

/**
 * The figures the console's analytics reads must answer for `range`, from the ledger. `apps` maps an app's
 * slug to its category.
 */
export function expectedFigures(ledger: Ledger, range: LedgerRange, apps: ReadonlyMap<string, { category: string }>) {
  const visits = ledger.visits.filter((visit) => inRange(visit.start, range));
  const pages = ledger.visits.flatMap((visit) => visit.pages).filter((page) => inRange(page.at, range));
  const sessionsPerDay = countBy(visits, (visit) => dayAndHour(visit.start, range.timeZone).day);
  const pagesPerDay = countBy(pages, (page) => dayAndHour(page.at, range.timeZone).day);
  const sessionsPerHour = countBy(visits, (visit) => String(dayAndHour(visit.start, range.timeZone).hour));
  const sessionsByHour = Array.from({ length: 24 }, (_, hour) => ({ hour, sessions: sessionsPerHour.get(String(hour)) ?? 0 }));

  const sources = countBy(visits, (visit) => `${visit.trafficType}\u0000${visit.source}`);
  const campaigns = countBy(
    visits.filter((visit) => visit.utm),
    (visit) => JSON.stringify([visit.utm!.source, visit.utm!.medium, visit.utm!.campaign]),
  );

  const appViews = visits.flatMap((visit) => visit.appViews);
  const categoryViews = countBy(appViews, (slug) => apps.get(slug)!.category);

  // A visitor came back: a visit before the range, or more than one in it.
  const visitors = countBy(visits, (visit) => visit.visitor);
  const returning = [...visitors].filter(
    ([visitor, count]) =>
      count > 1 || ledger.visits.some((visit) => visit.visitor === visitor && dayAndHour(visit.start, range.timeZone).day < range.from),
  ).length;
  const homeViews = pages.filter((page) => pathOf(page.path) === '/').length;
  const bounces = visits.filter((visit) => visit.pages.length === 1 && visit.interactions === 0).length;
  const ranked = (counts: Map<string, number>) =>
    [...counts]
      .map(([page, count]) => ({ page, count }))
      .sort((a, b) => b.count - a.count || (a.page < b.page ? -1 : 1))
      .slice(0, 10);

  return {
    daily: daysOf(range).map((day) => ({ day, sessions: sessionsPerDay.get(day) ?? 0, pageViews: pagesPerDay.get(day) ?? 0 })),
    trafficSources: [...sources]
      .map(([key, sessions]) => {
        const [trafficType, source] = key.split('\u0000') as [string, string];
        return { trafficType, source, sessions };
      })
      .sort((a, b) => b.sessions - a.sessions || a.trafficType.localeCompare(b.trafficType) || a.source.localeCompare(b.source)),
    utmCampaigns: [...campaigns]
      .map(([key, sessions]) => {
        const [source, medium, campaign] = JSON.parse(key) as [string | null, string | null, string | null];
        return { source, medium, campaign, sessions };
      })
      .sort(
        (a, b) => b.sessions - a.sessions || byText(a.source, b.source) || byText(a.medium, b.medium) || byText(a.campaign, b.campaign),
      ),
    firstRow: {
      visitors: visitors.size,
      totalSessions: visits.length,
      pageViews: pages.length,
      avgPagesPerSession: average(pages.length, visits.length, 1),
      bounceRate: percent(bounces, visits.length),
      avgTimeOnSite: average(
        visits.reduce((sum, visit) => sum + durationOf(visit), 0),
        visits.length,
      ),
      appInteractions: visits.reduce((sum, visit) => sum + visit.interactions, 0),
      topPages: ranked(countBy(pages, (page) => pathOf(page.path))),
      entryPages: ranked(countBy(visits, (visit) => pathOf(visit.pages[0]!.path))),
      exitPages: ranked(countBy(visits, (visit) => pathOf(visit.pages.at(-1)!.path))),
      channels: [...countBy(visits, (visit) => visit.channel)]
        .map(([channel, count]) => ({ channel, visits: count }))
        .sort((a, b) => b.visits - a.visits || a.channel.localeCompare(b.channel)),
    },
    engagement: {
      totalSessions: visits.length,
      avgTimeOnSite: average(
        visits.reduce((sum, visit) => sum + durationOf(visit), 0),
        visits.length,
      ),
      avgPagesPerSession: average(pages.length, visits.length, 1),
      quizCompletionRate: quizCompletionRate(
        visits.reduce((sum, visit) => sum + visit.quizResults, 0),
        homeViews,
      ),
      userReturnRate: userReturnRate(visitors.size, returning),
      topCategories: [...categoryViews]
        .map(([category, count]) => ({ category, count }))
        .sort((a, b) => b.count - a.count || a.category.localeCompare(b.category))
        .slice(0, 5),
      sessionsByHour,
      peakHours: sessionsByHour
        .filter((row) => row.sessions > 0)
        .sort((a, b) => b.sessions - a.sessions || a.hour - b.hour)
        .slice(0, 6),
    },
    appViews: countBy(appViews, (slug) => slug),
    leadsJoined: visits.filter((visit) => visit.joined).length,
    emptySearches: countBy(ledger.emptySearches, (query) => query),
  };
}

/** What the console's lead detail must say of the lead who joined as `email`: all their visitor's visits. */
export function expectedLeadActivity(ledger: Ledger, email: string) {
  const joinedIn = ledger.visits.find((visit) => visit.joined === email);
  if (!joinedIn) throw new Error(`nobody joined as ${email}`);
  const visits = ledger.visits.filter((visit) => visit.visitor === joinedIn.visitor);
  const durations = visits.map(durationOf);
  const total = durations.reduce((sum, seconds) => sum + seconds, 0);
  return {
    totalSessions: visits.length,
    pageViews: visits.reduce((sum, visit) => sum + visit.pages.length, 0),
    uniquePagesVisited: new Set(visits.flatMap((visit) => visit.pages.map((page) => pathOf(page.path)))).size,
    totalTimeSpent: total,
    avgTimePerSession: average(total, visits.length),
  };
}

export { percent, round };
