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
