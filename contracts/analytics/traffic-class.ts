/**
 * The classes every analytics session is put in (docs/analytics.md, "Bots and other excluded traffic"): a
 * `person` counts in every figure of the console; a session of any other class is kept, counted by its class
 * and rule in the excluded traffic, and left out of every figure.
 */
export const TRAFFIC_CLASSES = ['person', 'search-crawler', 'ai-crawler', 'automation', 'data-centre', 'referrer-spam'] as const;
export type TrafficClass = (typeof TRAFFIC_CLASSES)[number];

/** The classes left out of the figures, in the order the console lists them. */
export const EXCLUDED_CLASSES = TRAFFIC_CLASSES.filter((c): c is Exclude<TrafficClass, 'person'> => c !== 'person');
export type ExcludedClass = (typeof EXCLUDED_CLASSES)[number];

/** A class and the rule that decided it, e.g. `{ class: 'ai-crawler', rule: 'user-agent:GPTBot' }`. */
export interface TrafficVerdict {
  class: TrafficClass;
  rule: string;
}
