/**
 * What kind of visitor a request or an analytics session is, and the rule that says so: pure, from the inputs
 * analytics keeps on a session's start (user agent, the tracker's automation flag, the referrer, the name of the
 * data-centre network the request came from), so that the visits projection can classify every session again
 * with the current rules when it is rebuilt (docs/analytics.md, "Bots and other excluded traffic").
 *
 * The rules, first match wins:
 *  1. the user agent names a known agent: an AI crawler or agent (GPTBot, ClaudeBot, …), a search engine's
 *     crawler (Googlebot, bingbot, …) or an automation tool (HeadlessChrome, curl, python-requests, k6, …),
 *     each list with the tokens configured on top of it; a token matches as a whole word, in any case;
 *  2. isbot's pattern list says the user agent is a bot (crawlers, HTTP libraries and tools it knows): automation;
 *  3. the browser said it is driven by automation (navigator.webdriver, the session start's `automation`);
 *  4. the referrer's host is a referrer-spam host (or under one);
 *  5. the request came from a data-centre network (decided at ingest, only its name kept);
 *  6. otherwise a person. No user agent at all is not a bot: nothing tells it apart, and privacy tools strip it.
 *
 * No regular expression of its own: tokens are found with indexOf, so the time is linear in the user agent.
 */
import { isbot } from 'isbot';
import type { TrafficClass, TrafficVerdict } from '../../../../contracts/analytics/traffic-class.js';

export type { TrafficVerdict };

/** What a session's class is decided from (null: not known, as in events logged before it was kept). */
export interface TrafficInputs {
  userAgent: string | null;
  automation: boolean | null;
  referrer: string | null;
  /** The data-centre network the request came from (DataCentres.networkOf), null for any other address. */
  network: string | null;
}

/** AI crawlers, and agents fetching a page for an AI assistant's user. Longer tokens before their prefixes. */
export const AI_CRAWLERS = [
  'GPTBot',
  'ChatGPT-User',
  'OAI-SearchBot',
  'ClaudeBot',
  'Claude-User',
  'Claude-SearchBot',
  'Claude-Web',
  'anthropic-ai',
  'PerplexityBot',
  'Perplexity-User',
  'Google-Extended',
  'Google-CloudVertexBot',
  'CCBot',
  'Bytespider',
  'Amazonbot',
  'Applebot-Extended',
  'meta-externalagent',
  'meta-externalfetcher',
  'FacebookBot',
  'cohere-ai',
  'cohere-training-data-crawler',
  'Diffbot',
  'YouBot',
  'MistralAI-User',
  'DuckAssistBot',
  'AI2Bot',
  'Timpibot',
  'ImagesiftBot',
  'PanguBot',
];

/** Search engines' crawlers. */
export const SEARCH_CRAWLERS = [
  'Googlebot',
  'Google-InspectionTool',
  'Storebot-Google',
  'bingbot',
  'BingPreview',
  'msnbot',
  'Slurp',
  'DuckDuckBot',
  'YandexBot',
  'YandexMobileBot',
  'Baiduspider',
  'Applebot',
  'SeznamBot',
  'Qwantbot',
  'PetalBot',
  'Sogou',
  'Exabot',
  'MojeekBot',
  'coccocbot',
  'Yeti',
];

/** Headless browsers, browser drivers, HTTP libraries and command-line clients, load-test tools. */
export const AUTOMATION_AGENTS = [
  'HeadlessChrome',
  'PhantomJS',
  'Puppeteer',
  'Playwright',
  'Selenium',
  'Lighthouse',
  'curl',
  'Wget',
  'HTTPie',
  'python-requests',
  'python-urllib',
  'python-httpx',
  'aiohttp',
  'Scrapy',
  'axios',
  'node-fetch',
  'undici',
  'Go-http-client',
  'okhttp',
  'Java',
  'Apache-HttpClient',
  'libwww-perl',
  'PostmanRuntime',
  'k6',
  'Apache-JMeter',
  'Gatling',
  'Locust',
  'Artillery',
];

/**
 * Hosts known for referrer spam (fake visits whose referrer advertises the host): the best-known of the
 * lists analytics vendors publish. A referrer on one of them or under one (`www.semalt.com`) matches.
 */
export const REFERRER_SPAM_HOSTS = [
  'semalt.com',
  'buttons-for-website.com',
  'buttons-for-your-website.com',
  'darodar.com',
  'ilovevitaly.com',
  'priceg.com',
  'blackhatworth.com',
  'hulfingtonpost.com',
  'best-seo-offer.com',
  '100dollars-seo.com',
  'get-free-traffic-now.com',
  'free-social-buttons.com',
  'simple-share-buttons.com',
  'social-buttons.com',
  'trafficmonetize.com',
  '4webmasters.org',
  'floating-share-buttons.com',
  'event-tracking.com',
  'success-seo.com',
  'videos-for-your-business.com',
];

/** Tokens and hosts configured on top of the built-in lists (ANALYTICS_* variables, docs/analytics.md). */
export interface ExtraTrafficRules {
  aiCrawlers?: readonly string[];
  searchCrawlers?: readonly string[];
  automationAgents?: readonly string[];
  referrerSpamHosts?: readonly string[];
}

export interface TrafficRules {
  /** In the order they are tried: the class a token says, the token as listed, the token in lower case. */
  readonly userAgentTokens: readonly { class: TrafficClass; token: string; lower: string }[];
  readonly referrerSpamHosts: readonly string[];
}

export function trafficRules(extra: ExtraTrafficRules = {}): TrafficRules {
  const tokens = (cls: TrafficClass, list: readonly string[]) => list.map((token) => ({ class: cls, token, lower: token.toLowerCase() }));
  return {
    userAgentTokens: [
      ...tokens('ai-crawler', [...(extra.aiCrawlers ?? []), ...AI_CRAWLERS]),
      ...tokens('search-crawler', [...(extra.searchCrawlers ?? []), ...SEARCH_CRAWLERS]),
      ...tokens('automation', [...(extra.automationAgents ?? []), ...AUTOMATION_AGENTS]),
    ],
    referrerSpamHosts: [...(extra.referrerSpamHosts ?? []), ...REFERRER_SPAM_HOSTS].map((host) => host.toLowerCase()),
  };
}

/** The built-in rules, with nothing configured on top. */
export const DEFAULT_TRAFFIC_RULES = trafficRules();

export const PERSON: TrafficVerdict = { class: 'person', rule: 'default' };

/** The class of a session (or a request) from its inputs, and the rule that decided it. */
export function classifyTraffic(inputs: TrafficInputs, rules: TrafficRules = DEFAULT_TRAFFIC_RULES): TrafficVerdict {
  const { userAgent } = inputs;
  if (userAgent) {
    const lower = userAgent.toLowerCase();
    const known = rules.userAgentTokens.find((token) => containsWord(lower, token.lower));
    if (known) return { class: known.class, rule: `user-agent:${known.token}` };
    if (isbot(userAgent)) return { class: 'automation', rule: 'user-agent:isbot' };
  }
  if (inputs.automation === true) return { class: 'automation', rule: 'session:automation' };
  const spam = inputs.referrer === null ? undefined : referrerSpamHost(inputs.referrer, rules.referrerSpamHosts);
  if (spam) return { class: 'referrer-spam', rule: `referrer:${spam}` };
  if (inputs.network) return { class: 'data-centre', rule: `network:${inputs.network}` };
  return PERSON;
}

/** Whether a request's user agent is not a person's by the built-in user-agent rules (rules 1 and 2). */
export function isBotUserAgent(userAgent: string | undefined): userAgent is string {
  return userAgent !== undefined && classifyTraffic({ userAgent, automation: null, referrer: null, network: null }).class !== 'person';
}

const isWordCharacter = (code: number) => (code >= 48 && code <= 57) || (code >= 97 && code <= 122);

/** Whether `word` occurs in `text` (both lower case) with no letter or digit right before or after it. */
function containsWord(text: string, word: string): boolean {
  for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + 1)) {
    const before = at === 0 ? -1 : text.charCodeAt(at - 1);
    const after = at + word.length >= text.length ? -1 : text.charCodeAt(at + word.length);
    if (!isWordCharacter(before) && !isWordCharacter(after)) return true;
  }
  return false;
}

/** The listed host a referrer's host is, or is under; undefined for any other (or no readable) referrer. */
function referrerSpamHost(referrer: string, hosts: readonly string[]): string | undefined {
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  return hosts.find((listed) => host === listed || host.endsWith(`.${listed}`));
}
