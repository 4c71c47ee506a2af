/**
 * Grouping at read time, pure: cores fall into one group when they are linked, by similarity (pairs found
 * by the projection with pg_trgm) or by the admin's merges; a core the admin split off keeps only its
 * merges. Groups are the connected parts of that graph (union-find); needs are ranked open and planned
 * first, then by visitors and signals.
 */
import type { DemandNeed, DemandStatus } from '../../../../contracts/analytics/demand.js';

export interface WordingStats {
  core: string;
  wording: string;
  searches: number;
  zeroResultSearches: number;
  suggestions: number;
  previous: number;
  categories: readonly string[];
}

export interface CoreMark {
  core: string;
  split: boolean;
  status: DemandStatus | null;
  appSlug: string | null;
  markedAt: Date | null;
}

export interface GroupingInput {
  cores: readonly string[];
  similar: readonly (readonly [string, string])[];
  links: readonly (readonly [string, string])[];
  marks: readonly CoreMark[];
}

const SAMPLES = 5;
const STATUS_ORDER: Record<DemandStatus, number> = { open: 0, planned: 0, built: 1, ignored: 2 };

/** Each core's group, named by the group's smallest core. */
export function groupCores({ cores, similar, links, marks }: GroupingInput): Map<string, string> {
  const parent = new Map<string, string>();
  for (const core of cores) parent.set(core, core);
  const find = (core: string): string => {
    let root = core;
    while (parent.get(root) !== root) root = parent.get(root)!;
    let node = core;
    while (node !== root) {
      const next = parent.get(node)!;
      parent.set(node, root);
      node = next;
    }
    return root;
  };
  const union = (a: string, b: string) => {
    if (!parent.has(a) || !parent.has(b)) return;
    const [ra, rb] = [find(a), find(b)];
    // The smaller core becomes the root, so a group is named by its smallest core.
    if (ra !== rb) parent.set(ra < rb ? rb : ra, ra < rb ? ra : rb);
  };
  const split = new Set(marks.filter((mark) => mark.split).map((mark) => mark.core));
  for (const [a, b] of similar) if (!split.has(a) && !split.has(b)) union(a, b);
  for (const [a, b] of links) union(a, b);
  return new Map(cores.map((core) => [core, find(core)]));
}

/** The needs of the range: wordings gathered by group, with each group's visitors, ranked. */
export function groupNeeds(
  wordings: readonly WordingStats[],
  groupOf: ReadonlyMap<string, string>,
  marks: readonly CoreMark[],
  visitors: ReadonlyMap<string, number>,
): DemandNeed[] {
  const groups = new Map<string, WordingStats[]>();
  for (const stats of wordings) {
    const key = groupOf.get(stats.core) ?? stats.core;
    const members = groups.get(key) ?? [];
    members.push(stats);
    groups.set(key, members);
  }
  const markOf = new Map(marks.map((mark) => [mark.core, mark]));
  // Wordings seen only in the period before still count towards their group's trend, but make no group.
  return [...groups]
    .map(([key, members]) => toNeed(key, members, markOf, visitors.get(key) ?? 0))
    .filter((need) => need.searches + need.suggestions > 0)
    .sort(byRank);
}

function toNeed(key: string, members: WordingStats[], markOf: Map<string, CoreMark>, visitors: number): DemandNeed {
  const cores = [...new Set(members.map((m) => m.core))].sort();
  const total = (pick: (m: WordingStats) => number) => members.reduce((sum, m) => sum + pick(m), 0);
  const byWording = members
    .map((m) => ({ wording: m.wording, core: m.core, count: m.searches + m.suggestions }))
    .sort((a, b) => b.count - a.count || a.wording.localeCompare(b.wording, 'en'));
  const categories = new Map<string, number>();
  for (const m of members) for (const name of m.categories) categories.set(name, (categories.get(name) ?? 0) + 1);
  const latest = cores
    .map((core) => markOf.get(core))
    .filter((mark): mark is CoreMark => !!mark?.status && !!mark.markedAt)
    .sort((a, b) => b.markedAt!.getTime() - a.markedAt!.getTime())[0];
  const searches = total((m) => m.searches);
  const suggestions = total((m) => m.suggestions);
  const previous = total((m) => m.previous);
  return {
    key,
    label: byWording[0]!.wording,
    status: latest?.status ?? 'open',
    appSlug: latest?.appSlug ?? null,
    searches,
    zeroResultSearches: total((m) => m.zeroResultSearches),
    suggestions,
    visitors,
    previous,
    change: previous === 0 ? null : Math.round(((searches + suggestions - previous) / previous) * 100),
    categories: [...categories]
      .map(([name, count]) => ({ name, count }))
      .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name, 'en')),
    samples: byWording.slice(0, SAMPLES),
    cores,
  };
}

function byRank(a: DemandNeed, b: DemandNeed): number {
  return (
    STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
    b.visitors - a.visitors ||
    b.searches + b.suggestions - (a.searches + a.suggestions) ||
    a.label.localeCompare(b.label, 'en')
  );
}
