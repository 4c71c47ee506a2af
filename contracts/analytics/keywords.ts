/**
 * A page view's potential keywords: what the visitor may have searched for to find the page. The search
 * engine's query when its referrer still carries one (Bing q, Yahoo p, Yandex text, Baidu wd/word…), else
 * the paid keyword of a campaign link (utm_term), else the words of the page's title and path that carry
 * meaning (stop words, the site's name and route prefixes removed). At most 10, of at most 100 characters.
 */
import { cleanText, knownSource, referringHost } from './attribution.js';

export const MAX_KEYWORDS = 10;
export const MAX_KEYWORD_LENGTH = 100;

const QUERY_PARAMS = ['q', 'p', 'text', 'wd', 'word', 'query'];

// Function words and the site's own vocabulary (brand, route prefixes): they say nothing about the page.
const STOP_WORDS = new Set(
  (
    'a about after all also am an and any are as at be been before being but by can could did do does for from ' +
    'get got had has have he her here his how i if in into is it its just me more most my no not now of on ' +
    'one only or our out over she so some such than that the their them then there these they this those to ' +
    'too up us very was we were what when where which while who whom why will with would you your yours ' +
    'unsheet app c www http https html index'
  ).split(' '),
);

export interface KeywordSource {
  /** Absolute URL of the page (what is not one gives the title's words alone). */
  url: string;
  title: string;
  /** The page view's referrer: document.referrer on landing, the previous in-app URL after that. */
  referrer: string | null;
}

export function potentialKeywords({ url, title, referrer }: KeywordSource): string[] {
  const page = parsed(url);
  // The API works them out for what the page's inline part sent, whatever a client made of the URL.
  if (!page) return limit(meaningfulWords(title));
  const query = searchQuery(referrer, page.hostname) ?? page.searchParams.get('utm_term');
  if (query?.trim()) return fromQuery(query);
  const pathWords = page.pathname.split('/').map((segment) => safeDecode(segment));
  return limit(meaningfulWords([title, ...pathWords].join(' ')));
}

/** The search phrase itself first, then its meaningful words. */
function fromQuery(query: string): string[] {
  const phrase = cleanText(query.toLowerCase(), Infinity).replace(/\s+/g, ' ');
  return limit([phrase, ...meaningfulWords(phrase)]);
}

function searchQuery(referrer: string | null, siteHost: string): string | null {
  const host = referringHost(referrer, siteHost);
  if (!host || knownSource(host)?.type !== 'search') return null;
  const params = new URL(referrer!).searchParams;
  for (const name of QUERY_PARAMS) {
    const value = params.get(name)?.trim();
    if (value) return value;
  }
  return null;
}

function meaningfulWords(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1 && !/^\d+$/.test(word) && !STOP_WORDS.has(word));
}

function limit(keywords: string[]): string[] {
  const unique = [...new Set(keywords.map((keyword) => keyword.slice(0, MAX_KEYWORD_LENGTH)))];
  return unique.slice(0, MAX_KEYWORDS);
}

function parsed(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
