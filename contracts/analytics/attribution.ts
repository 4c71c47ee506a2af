/**
 * Where a session came from, worked out from the landing URL and document.referrer (spec §9: search engines
 * and social sites by name; paid when gclid, msclkid or fbclid is present), extended with AI assistants as
 * their own kind of source. The tracker works it out in the browser; the API, for a session start sent
 * without it (the small inline part every page carries leaves it out). Pure functions, so the rules are
 * tested as a table.
 */
import type { ClickIds, Utm } from './collect.js';
import type { TrafficType } from './limits.js';

export type { ClickIds, Utm } from './collect.js';
export type { TrafficType } from './limits.js';

export interface Attribution {
  utm: Utm;
  clickIds: ClickIds;
  /** A known source's name ('google', 'facebook', 'chatgpt') or the referring host; null = direct. */
  parsedReferrer: string | null;
  trafficType: TrafficType;
  /** utm_source when set, else the ad network a click id comes from. */
  campaignSource: string | null;
}

type KnownType = 'search' | 'social' | 'ai';

interface Source {
  name: string;
  type: KnownType;
  /** Hosts, matched with their subdomains; 'google.*' means google.<tld>, no subdomain (not gemini.google.com). */
  hosts: string[];
}

// AI assistants first: some live on a search engine's domain (gemini.google.com, copilot.microsoft.com).
const SOURCES: Source[] = [
  { name: 'chatgpt', type: 'ai', hosts: ['chatgpt.com', 'chat.openai.com'] },
  { name: 'perplexity', type: 'ai', hosts: ['perplexity.ai'] },
  { name: 'claude', type: 'ai', hosts: ['claude.ai'] },
  { name: 'gemini', type: 'ai', hosts: ['gemini.google.com', 'bard.google.com'] },
  { name: 'copilot', type: 'ai', hosts: ['copilot.microsoft.com', 'copilot.cloud.microsoft'] },
  { name: 'deepseek', type: 'ai', hosts: ['chat.deepseek.com'] },
  { name: 'grok', type: 'ai', hosts: ['grok.com'] },
  { name: 'meta_ai', type: 'ai', hosts: ['meta.ai'] },
  { name: 'mistral', type: 'ai', hosts: ['chat.mistral.ai'] },
  { name: 'poe', type: 'ai', hosts: ['poe.com'] },
  { name: 'phind', type: 'ai', hosts: ['phind.com'] },

  { name: 'google', type: 'search', hosts: ['google.*'] },
  { name: 'bing', type: 'search', hosts: ['bing.com'] },
  { name: 'yahoo', type: 'search', hosts: ['yahoo.com', 'yahoo.co.jp'] },
  { name: 'duckduckgo', type: 'search', hosts: ['duckduckgo.com'] },
  { name: 'baidu', type: 'search', hosts: ['baidu.com'] },
  { name: 'yandex', type: 'search', hosts: ['yandex.*', 'ya.ru'] },

  { name: 'facebook', type: 'social', hosts: ['facebook.com', 'fb.com', 'fb.me', 'messenger.com'] },
  { name: 'instagram', type: 'social', hosts: ['instagram.com'] },
  { name: 'twitter', type: 'social', hosts: ['twitter.com', 'x.com', 't.co'] },
  { name: 'linkedin', type: 'social', hosts: ['linkedin.com', 'lnkd.in'] },
  { name: 'reddit', type: 'social', hosts: ['reddit.com', 'redd.it'] },
  { name: 'youtube', type: 'social', hosts: ['youtube.com', 'youtu.be'] },
  { name: 'pinterest', type: 'social', hosts: ['pinterest.*', 'pinterest.com', 'pin.it'] },
  { name: 'tiktok', type: 'social', hosts: ['tiktok.com'] },
  { name: 'whatsapp', type: 'social', hosts: ['whatsapp.com', 'wa.me'] },
  { name: 'telegram', type: 'social', hosts: ['t.me', 'telegram.org'] },
  { name: 'threads', type: 'social', hosts: ['threads.net', 'threads.com'] },
  { name: 'bluesky', type: 'social', hosts: ['bsky.app'] },
  { name: 'mastodon', type: 'social', hosts: ['mastodon.social'] },
  { name: 'quora', type: 'social', hosts: ['quora.com'] },
  { name: 'discord', type: 'social', hosts: ['discord.com', 'discord.gg'] },
  { name: 'snapchat', type: 'social', hosts: ['snapchat.com'] },
  { name: 'tumblr', type: 'social', hosts: ['tumblr.com'] },
  { name: 'hacker_news', type: 'social', hosts: ['news.ycombinator.com'] },
  { name: 'product_hunt', type: 'social', hosts: ['producthunt.com'] },
];

// What ad networks put in a URL, in the order they are credited when several are present.
const CLICK_NETWORKS = [
  { param: 'gclid', source: 'google', campaignSource: 'google_ads' },
  { param: 'msclkid', source: 'bing', campaignSource: 'microsoft_ads' },
  { param: 'fbclid', source: 'facebook', campaignSource: 'meta_ads' },
] as const;

/** Campaign links tagged as paid (utm_medium=cpc and its usual spellings) are paid traffic without a click id too. */
export const PAID_MEDIUM = /^(?:cpc|ppc|cpm|cpv|paid(?:[_-]?(?:search|social|media))?)$/i;

/** The server refuses longer UTM values (analytics contract). */
export const UTM_MAX_LENGTH = 200;
const CLICK_ID_MAX_LENGTH = 200;

export function parseUtm(params: URLSearchParams): Utm {
  return {
    source: param(params, 'utm_source', UTM_MAX_LENGTH),
    medium: param(params, 'utm_medium', UTM_MAX_LENGTH),
    campaign: param(params, 'utm_campaign', UTM_MAX_LENGTH),
    term: param(params, 'utm_term', UTM_MAX_LENGTH),
    content: param(params, 'utm_content', UTM_MAX_LENGTH),
  };
}

export function parseClickIds(params: URLSearchParams): ClickIds {
  return {
    gclid: param(params, 'gclid', CLICK_ID_MAX_LENGTH),
    msclkid: param(params, 'msclkid', CLICK_ID_MAX_LENGTH),
    fbclid: param(params, 'fbclid', CLICK_ID_MAX_LENGTH),
  };
}

/** The known source a host belongs to ('www.google.co.uk' → google search), if any. */
export function knownSource(host: string): { name: string; type: KnownType } | null {
  const bare = host.toLowerCase().replace(/^(?:www|m|mobile)\./, '');
  const source = SOURCES.find((candidate) => candidate.hosts.some((pattern) => hostMatches(bare, pattern)));
  return source ? { name: source.name, type: source.type } : null;
}

/**
 * A referrer's host, or null when there is none worth counting: empty, not a web URL, or the site itself
 * (a visitor coming back from another tab of the site is not referred by it).
 */
export function referringHost(referrer: string | null, siteHost: string): string | null {
  if (!referrer) return null;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
  const host = url.hostname.toLowerCase();
  return host === siteHost.toLowerCase() ? null : host;
}

/** Classifies a session from its landing URL and document.referrer ('' or null when there is none). */
export function attribute(landingUrl: string, referrer: string | null): Attribution {
  const url = new URL(landingUrl);
  const utm = parseUtm(url.searchParams);
  const clickIds = parseClickIds(url.searchParams);
  const network = CLICK_NETWORKS.find((candidate) => clickIds[candidate.param] !== null);
  const campaignSource = utm.source ?? network?.campaignSource ?? null;

  const host = referringHost(referrer, url.hostname);
  // Without a referrer (apps, privacy settings, AI answers that tag links with utm_source=chatgpt.com), the
  // campaign's own utm_source names the origin.
  const origin = host ? sourceOfHost(host) : utm.source ? sourceOfName(utm.source) : null;

  if (network || (utm.medium && PAID_MEDIUM.test(utm.medium))) {
    return { utm, clickIds, campaignSource, trafficType: 'paid', parsedReferrer: origin?.name ?? network?.source ?? null };
  }
  if (!origin) return { utm, clickIds, campaignSource, trafficType: 'direct', parsedReferrer: null };
  return { utm, clickIds, campaignSource, trafficType: origin.type, parsedReferrer: origin.name };
}

function sourceOfHost(host: string): { name: string; type: TrafficType } {
  return knownSource(host) ?? { name: host.replace(/^www\./, ''), type: 'referral' };
}

function sourceOfName(value: string): { name: string; type: TrafficType } {
  return knownSourceNamed(value) ?? { name: value.toLowerCase(), type: 'referral' };
}

/**
 * The known source a name stands for: utm_source and the parsed referrer hold a source's name ('facebook'),
 * a host ('chatgpt.com') or anything a marketer typed ('newsletter', which is none).
 */
export function knownSourceNamed(value: string): { name: string; type: KnownType } | null {
  const name = value.toLowerCase();
  const byName = SOURCES.find((source) => source.name === name);
  if (byName) return { name: byName.name, type: byName.type };
  return knownSource(name);
}

function hostMatches(host: string, pattern: string): boolean {
  if (pattern.endsWith('.*')) {
    // A country domain: google.de, google.co.uk, google.com.br.
    const base = pattern.slice(0, -2);
    return host.startsWith(`${base}.`) && /^(?:[a-z]{2,3}|co\.[a-z]{2}|com\.[a-z]{2})$/.test(host.slice(base.length + 1));
  }
  return host === pattern || host.endsWith(`.${pattern}`);
}

function param(params: URLSearchParams, name: string, maxLength: number): string | null {
  const value = params.get(name);
  return (value && cleanText(value, maxLength)) || null;
}

// The server refuses a batch with control characters or over-long values in it, and would lose the rest.
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** Text as the server accepts it: control characters removed, trimmed, cut to `maxLength`. */
export function cleanText(text: string, maxLength: number): string {
  return text.replace(CONTROL_CHARACTERS, ' ').trim().slice(0, maxLength);
}
