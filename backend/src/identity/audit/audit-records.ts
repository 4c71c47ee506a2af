/**
 * Which record an audited event changed, read from its stream id (`<kind>-<id>`, STYLE.md), and the word the
 * trail names it with. A kind with an id is named by the module that owns it (get-audit-trail.query.ts); a
 * stream of its own kind (the sitemap, the search queries) is named here; anything else by its stream id.
 */
import { SEARCH_QUERIES_STREAM } from '../../analytics/search-console/search-query.events.js';

const KINDS = {
  app: 'App',
  lead: 'Lead',
  suggestion: 'Suggestion',
  question: 'Question',
  inquiry: 'Developer inquiry',
  user: 'Account',
} as const;
type NamedKind = keyof typeof KINDS;

const SINGLE: Record<string, string> = { sitemap: 'sitemap.xml', [SEARCH_QUERIES_STREAM]: 'Search queries' };
const UNNAMED: [prefix: string, label: string][] = [
  ['viral-campaign-', 'Viral campaign'],
  ['privacy-erasure-', 'Personal data erasure'],
];

export type RecordRef = { kind: NamedKind; id: string; label: string } | { kind: 'other'; label: string };

const WITH_ID = new RegExp(`^(${Object.keys(KINDS).join('|')})-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$`, 'i');

export function recordOf(streamId: string): RecordRef {
  const match = WITH_ID.exec(streamId);
  if (match) {
    const kind = match[1]!.toLowerCase() as NamedKind;
    return { kind, id: match[2]!.toLowerCase(), label: KINDS[kind] };
  }
  const single = SINGLE[streamId];
  if (single) return { kind: 'other', label: single };
  const unnamed = UNNAMED.find(([prefix]) => streamId.startsWith(prefix));
  return { kind: 'other', label: unnamed ? unnamed[1] : streamId };
}
