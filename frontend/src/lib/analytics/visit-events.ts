/**
 * A visit's events as the contract shapes them, built one way for both senders: the tracker (tracker.ts) and
 * the part every page's app script carries (track.ts), which sends the landing page's view once the page has
 * rendered its title, and what it knows when the visitor leaves before the tracker has loaded. Ids are made
 * as things happen and the records note what has gone out, so whichever side sends an event, the other never
 * sends it again (and the server's keys would count it once if it did).
 */
import { attribute, cleanText } from '../../../../contracts/analytics/attribution';
import { keptReferrer, keptUrl } from '../../../../contracts/analytics/page-url';
import {
  LIMITS,
  type AnalyticsEvent,
  type Interaction,
  type InteractionAction,
  type PageTime,
  type PageView,
  type SessionEnd,
  type SessionStart,
} from './events';
import { potentialKeywords } from '../../../../contracts/analytics/keywords';
import { getSessionId, getVisitorId, isUntracked, readSessionState, saveSessionState, type SessionState } from './session';

/** A page the visitor opened (a tracked one), with its view's id from the moment it opened. */
export interface VisitPage {
  id: string;
  url: string;
  at: number;
  referrer: string | null;
  /** The title its view went out with, once it has. */
  title?: string;
  timeSent?: boolean;
}

/** A route change: the page opened (null: an untracked one, the admin console) and the title of the page left. */
export interface Opened {
  path: string;
  page: VisitPage | null;
  at: number;
  leftTitle: string;
}

export interface PendingInteraction {
  id: string;
  appId: string | null;
  action: InteractionAction;
  metadata: Record<string, unknown>;
  at: number;
  sent?: boolean;
}

/**
 * The address of the page at `path` (a path with its query) as analytics keeps it: two addresses that differ
 * only in what it leaves out (a fragment, a token in the query) are the same page.
 */
export function pageUrl(path: string): string {
  return cleanText(keptUrl(new URL(path, location.origin).href), LIMITS.url);
}

/** The page at `path`, opened at `at`; `previousUrl` is the tracked page before it in this document (null: none). */
export function openPage(id: string, path: string, at: number, previousUrl: string | null): VisitPage {
  const referrer = previousUrl ?? (document.referrer || null);
  return {
    id,
    url: pageUrl(path),
    // The first page of a load was opened when the document started loading, not when this code ran.
    at: previousUrl === null ? Math.min(at, Math.round(performance.timeOrigin)) : at,
    referrer: referrer && cleanText(keptReferrer(referrer, location.href), LIMITS.referrer),
  };
}

/** This browser session, and its session_start when it begins now (null when a reload or an earlier beacon began it). */
export function openSession(): { state: SessionState; start: SessionStart | null } {
  const id = getSessionId();
  const stored = readSessionState();
  if (stored?.id === id) return { state: stored, start: null };
  // The session starts with the document the visitor landed on, whatever client-side navigation followed.
  const state = { id, startedAt: Math.round(performance.timeOrigin), pagesViewed: 0 };
  saveSessionState(state);
  const referrer = document.referrer ? cleanText(keptReferrer(document.referrer, location.href), LIMITS.referrer) : null;
  return { state, start: sessionStartEvent(state, cleanText(keptUrl(landingUrl()), LIMITS.url), referrer, getVisitorId()) };
}

export function sessionStartEvent(state: SessionState, url: string, referrer: string | null, visitorId: string | null): SessionStart {
  return {
    type: 'session_start',
    sessionId: state.id,
    at: iso(state.startedAt),
    visitorId,
    url,
    referrer,
    ...attribute(url, referrer),
    automation: navigator.webdriver === true,
  };
}

/** The page's view, with the title it shows (or showed when left); counts it in the session. */
export function pageViewEvent(state: SessionState, page: VisitPage, rawTitle: string): PageView {
  const title = cleanText(rawTitle, LIMITS.title);
  page.title = title;
  state.pagesViewed += 1;
  return {
    type: 'page_view',
    sessionId: state.id,
    at: iso(page.at),
    pageViewId: page.id,
    url: page.url,
    title,
    referrer: page.referrer,
    potentialKeywords: potentialKeywords({ url: page.url, title, referrer: page.referrer }),
  };
}

export function pageTimeEvent(state: SessionState, page: VisitPage, leftAt: number): PageTime {
  page.timeSent = true;
  return { type: 'page_time', sessionId: state.id, at: iso(leftAt), pageViewId: page.id, seconds: seconds(leftAt - page.at) };
}

export function sessionEndEvent(state: SessionState, at: number): SessionEnd {
  return {
    type: 'session_end',
    sessionId: state.id,
    at: iso(at),
    timeOnSite: seconds(at - state.startedAt),
    pagesViewed: state.pagesViewed,
  };
}

export function interactionEvent(state: SessionState, interaction: PendingInteraction): Interaction {
  interaction.sent = true;
  return {
    type: 'interaction',
    sessionId: state.id,
    at: iso(interaction.at),
    eventId: interaction.id,
    appId: interaction.appId,
    action: interaction.action,
    metadata: withinLimit(interaction.metadata),
  };
}

/**
 * What the tracker would have sent by the time the visitor leaves (at `now`), of what has not gone out yet:
 * each page's view (with the title it showed when the next one opened, `title` for the page still open) and
 * time, the interactions, and the session's end. Marks what it returns as sent.
 */
export function eventsSoFar(
  state: SessionState,
  opened: readonly Opened[],
  interactions: readonly PendingInteraction[],
  now: number,
  title: string,
): AnalyticsEvent[] {
  const events: AnalyticsEvent[] = [];
  opened.forEach(({ page }, index) => {
    if (!page) return;
    const next = opened[index + 1];
    if (page.title === undefined) events.push(pageViewEvent(state, page, next ? next.leftTitle : title));
    if (!page.timeSent) events.push(pageTimeEvent(state, page, next ? next.at : now));
  });
  for (const interaction of interactions) if (!interaction.sent) events.push(interactionEvent(state, interaction));
  events.push(sessionEndEvent(state, now));
  return events;
}

/**
 * The URL the visitor landed on (campaign parameters included), unless that was an untracked admin page. Read
 * before a page drops a token from its address: keptUrl leaves it out.
 */
function landingUrl(): string {
  const entry = performance.getEntriesByType('navigation')[0];
  if (entry && !isUntracked(new URL(entry.name).pathname)) return entry.name;
  return location.href;
}

function withinLimit(metadata: Record<string, unknown>): Record<string, unknown> {
  if (new TextEncoder().encode(JSON.stringify(metadata)).length <= LIMITS.metadataBytes) return metadata;
  console.warn('Analytics: interaction metadata over 2 KB, sent empty');
  return {};
}

function seconds(milliseconds: number): number {
  return Math.max(0, Math.round(milliseconds / 1000));
}

function iso(time: number): string {
  return new Date(time).toISOString();
}
