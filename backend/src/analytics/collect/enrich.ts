/**
 * Server-side enrichment of tracker events, pure: the user agent parsed (ua-parser-js), the client address
 * turned into a salted hash whose salt rotates every UTC day (so a visitor cannot be followed from one day
 * to the next, and the raw address is never stored), UTM and click ids read from the landing URL when the
 * tracker sent none, a page view's potential keywords worked out when it sent none, and the client's clock replaced by the server's when it is far off. Every text is cut to
 * its STORED length (contracts/analytics/limits.ts): the beacon's batch is never refused for a long value, and
 * one batch keeps a bounded number of bytes.
 */
import { createHmac } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import UAParser from 'ua-parser-js';
import type { UnversionedEvent } from '../../shared/event-store/event-store.js';
import { visitStream, type ClickIds, type UserAgentInfo, type Utm, type VisitEvent } from '../analytics.events.js';
import { attribute, type Attribution } from '../../../../contracts/analytics/attribution.js';
import { potentialKeywords } from '../../../../contracts/analytics/keywords.js';
import { keptReferrer, keptUrl } from '../../../../contracts/analytics/page-url.js';
import type { TrackerEvent } from '../../../../contracts/analytics/collect.js';
import { STORED } from '../../../../contracts/analytics/limits.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far the client's clock may be from the server's: a week behind (a tab left open), a day ahead. */
const MAX_LAG_MS = 7 * DAY_MS;
const MAX_LEAD_MS = DAY_MS;

/** The hashing key of one UTC day, derived from the app secret: nothing to store, nothing to rotate by hand. */
export function dailySalt(secret: string, now: Date): string {
  const day = now.toISOString().slice(0, 10);
  const key = `${day}:${secret}`;
  let salt = salts.get(key);
  if (salt === undefined) {
    salt = createHmac('sha256', secret).update(`analytics-ip-salt:${day}`).digest('hex');
    salts.set(key, salt);
  }
  return salt;
}

/** Today's salt (and yesterday's, around midnight), computed once rather than for every batch. */
const salts = new LRUCache<string, string>({ max: 4 });

/** Parsed user agents: a visitor's batches, and most visitors, bring the same few strings again. */
const userAgents = new LRUCache<string, UserAgentInfo>({ max: 1000 });

export function hashIp(secret: string, ip: string | undefined, now: Date): string | null {
  if (!ip) return null;
  return createHmac('sha256', dailySalt(secret, now)).update(ip).digest('hex').slice(0, 32);
}

export function parseUserAgent(header: string | undefined): UserAgentInfo {
  const userAgent = (header && cut(header, STORED.userAgent)) || null;
  if (!userAgent) return { userAgent: null, browser: null, os: null, deviceType: null };
  let info = userAgents.get(userAgent);
  if (!info) {
    const result = new UAParser(userAgent).getResult();
    info = {
      userAgent,
      browser: [result.browser.name, result.browser.major].filter(Boolean).join(' ') || null,
      os: [result.os.name, result.os.version].filter(Boolean).join(' ') || null,
      deviceType: result.device.type ?? 'desktop',
    };
    userAgents.set(userAgent, info);
  }
  return { ...info };
}

/** UTM values and click ids the tracker left null, taken from the landing URL's query (capped as the contract says). */
export function fillFromUrl(url: string, utm: Utm, clickIds: ClickIds): { utm: Utm; clickIds: ClickIds } {
  let query: URLSearchParams;
  try {
    query = new URL(url, 'http://localhost').searchParams;
  } catch {
    return { utm, clickIds };
  }
  const param = (name: string, max: number) => {
    const value = query.get(name)?.trim();
    return value ? value.slice(0, max) : null;
  };
  return {
    utm: {
      source: utm.source ?? param('utm_source', 200),
      medium: utm.medium ?? param('utm_medium', 200),
      campaign: utm.campaign ?? param('utm_campaign', 200),
      term: utm.term ?? param('utm_term', 200),
      content: utm.content ?? param('utm_content', 200),
    },
    clickIds: {
      gclid: clickIds.gclid ?? param('gclid', 500),
      msclkid: clickIds.msclkid ?? param('msclkid', 500),
      fbclid: clickIds.fbclid ?? param('fbclid', 500),
    },
  };
}

const NO_UTM: Utm = { source: null, medium: null, campaign: null, term: null, content: null };
const NO_CLICK_IDS: ClickIds = { gclid: null, msclkid: null, fbclid: null };

/**
 * Where a session came from: as the tracker said, or, for a start sent without it (the inline part every page
 * carries), worked out here from its URL and referrer by the tracker's own rules; direct when the URL is not
 * one to read.
 */
export function attributionOf(start: Extract<TrackerEvent, { type: 'session_start' }>): Attribution {
  if (start.trafficType === undefined) {
    try {
      return attribute(start.url, start.referrer);
    } catch {
      return { utm: NO_UTM, clickIds: NO_CLICK_IDS, parsedReferrer: null, trafficType: 'direct', campaignSource: null };
    }
  }
  return {
    utm: start.utm ?? NO_UTM,
    clickIds: start.clickIds ?? NO_CLICK_IDS,
    parsedReferrer: start.parsedReferrer ?? null,
    trafficType: start.trafficType,
    campaignSource: start.campaignSource ?? null,
  };
}

/** The client's timestamp, unless it is more than a week before or a day after the server's clock. */
export function effectiveAt(clientAt: string, receivedAt: Date): string {
  const at = Date.parse(clientAt);
  const offset = at - receivedAt.getTime();
  return offset >= -MAX_LAG_MS && offset <= MAX_LEAD_MS ? new Date(at).toISOString() : receivedAt.toISOString();
}

export interface RequestContext {
  userAgent: UserAgentInfo;
  ipHash: string | null;
  /** The data-centre network the request came from (DataCentres.networkOf); null or absent for any other address. */
  network?: string | null;
  receivedAt: Date;
}

/** One tracker event as the event appended to the log. */
export function toVisitEvent(event: TrackerEvent, context: RequestContext): UnversionedEvent & VisitEvent {
  const streamId = visitStream(event.sessionId);
  const at = effectiveAt(event.at, context.receivedAt);
  switch (event.type) {
    case 'session_start': {
      const told = attributionOf(event);
      const filled = fillFromUrl(event.url, told.utm, told.clickIds);
      const utm = mapValues(filled.utm, STORED.utm);
      const clickIds = mapValues(filled.clickIds, STORED.clickId);
      return {
        streamId,
        type: 'AnalyticsSessionStarted',
        data: {
          key: `session_start:${event.sessionId}`,
          sessionId: event.sessionId,
          visitorId: event.visitorId,
          at,
          url: cut(keptUrl(event.url), STORED.url),
          referrer: referrerOf(event),
          utm,
          clickIds,
          parsedReferrer: cutOrNull(told.parsedReferrer, STORED.source),
          trafficType: told.trafficType,
          campaignSource: cutOrNull(told.campaignSource, STORED.source),
          ipHash: context.ipHash,
          automation: event.automation ?? null,
          network: context.network ?? null,
          ...context.userAgent,
        },
      };
    }
    case 'page_view': {
      const url = cut(keptUrl(event.url), STORED.url);
      // Left out by the page's inline part: worked out here by the tracker's rules.
      const keywords = event.potentialKeywords ?? potentialKeywords({ url: event.url, title: event.title, referrer: event.referrer });
      return {
        streamId,
        type: 'AnalyticsPageViewed',
        data: {
          key: `page_view:${event.pageViewId}`,
          sessionId: event.sessionId,
          pageViewId: event.pageViewId,
          at,
          url,
          path: cut(pagePath(url), STORED.path),
          title: cut(event.title, STORED.title),
          referrer: referrerOf(event),
          potentialKeywords: keywords.slice(0, STORED.keywords).map((keyword) => cut(keyword, STORED.keyword)),
        },
      };
    }
    case 'page_time':
      return {
        streamId,
        type: 'AnalyticsPageTimed',
        data: {
          key: `page_time:${event.pageViewId}`,
          sessionId: event.sessionId,
          pageViewId: event.pageViewId,
          at,
          seconds: event.seconds,
        },
      };
    case 'session_end':
      return {
        streamId,
        type: 'AnalyticsSessionEnded',
        data: { sessionId: event.sessionId, at, timeOnSite: event.timeOnSite, pagesViewed: event.pagesViewed },
      };
    case 'interaction':
      return {
        streamId,
        type: 'AnalyticsAppInteraction',
        data: {
          key: `interaction:${event.eventId}`,
          sessionId: event.sessionId,
          eventId: event.eventId,
          at,
          appId: event.appId,
          action: event.action,
          metadata: keptMetadata(event.metadata),
        },
      };
    case 'search':
      return {
        streamId,
        type: 'AnalyticsSearchPerformed',
        data: {
          sessionId: event.sessionId,
          searchId: event.searchId,
          at,
          query: cut(event.query, STORED.searchQuery),
          results: event.results,
          opened: event.opened,
        },
      };
  }
}

/** The URL's path ('/' for the home page), or the URL itself when it does not parse. */
export function pagePath(url: string): string {
  try {
    return new URL(url, 'http://localhost').pathname;
  } catch {
    return url;
  }
}

/** At most `max` UTF-16 units, never ending halfway through a character (a lone surrogate is not valid JSON text). */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

/** An event's referrer as analytics keeps it: the page before may be one of ours with a token in its address. */
function referrerOf({ referrer, url }: { referrer: string | null; url: string }): string | null {
  return referrer === null ? null : cut(keptReferrer(referrer, url), STORED.referrer);
}

function cutOrNull(text: string | null, max: number): string | null {
  return text === null ? null : cut(text, max);
}

function mapValues<T extends object>(values: T, max: number): T {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, cutOrNull(value as string | null, max)])) as T;
}

/** An interaction's metadata, its entries kept in order while the whole stays within STORED.metadataBytes as JSON. */
export function keptMetadata(metadata: Record<string, unknown>): Record<string, unknown> {
  if (JSON.stringify(metadata).length <= STORED.metadataBytes) return metadata;
  const kept: Record<string, unknown> = {};
  let length = 2;
  for (const [key, value] of Object.entries(metadata)) {
    const entry = JSON.stringify({ [key]: value }).length - 2 + (length > 2 ? 1 : 0);
    if (length + entry > STORED.metadataBytes) continue;
    kept[key] = value;
    length += entry;
  }
  return kept;
}
