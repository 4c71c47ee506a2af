/**
 * What of a page's address analytics keeps: never the fragment (a password-reset link carries its token
 * there), and of the query only the parameters that say where a visit came from or which page of the grid it
 * shows. Anything else a link may carry (a confirmation token, an address, an id of another site) is not
 * the analytics' to keep, so it is left out before an event is stored, whatever the tracker sent.
 */
export const KEPT_QUERY_PARAMETERS: ReadonlySet<string> = new Set([
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
  'gclid',
  'msclkid',
  'fbclid',
  'ref',
  'category',
  'sort',
  'page',
]);

/** `url` (absolute or a path) without its fragment and without the query parameters KEPT_QUERY_PARAMETERS does not name. */
export function keptUrl(url: string): string {
  const hash = url.indexOf('#');
  const withoutFragment = hash === -1 ? url : url.slice(0, hash);
  const question = withoutFragment.indexOf('?');
  if (question === -1) return withoutFragment;
  const kept = new URLSearchParams();
  for (const [name, value] of new URLSearchParams(withoutFragment.slice(question + 1))) {
    if (KEPT_QUERY_PARAMETERS.has(name)) kept.append(name, value);
  }
  const query = kept.toString();
  return query ? `${withoutFragment.slice(0, question)}?${query}` : withoutFragment.slice(0, question);
}

/**
 * A referrer as analytics keeps it: a page of this site (the host of `pageUrl`) as keptUrl keeps it, since it
 * may be a link with a token; another site's address without its fragment only, its query being where a
 * search engine says what the visitor searched for (potential keywords). What is not a URL is kept as keptUrl
 * keeps a page's address.
 */
export function keptReferrer(referrer: string, pageUrl: string): string {
  const host = hostOf(referrer);
  if (host !== null && host !== hostOf(pageUrl)) {
    const hash = referrer.indexOf('#');
    return hash === -1 ? referrer : referrer.slice(0, hash);
  }
  return keptUrl(referrer);
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}
