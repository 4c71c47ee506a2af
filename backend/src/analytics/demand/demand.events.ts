/**
 * The admin's decisions about the unmet needs (the Demand tab): merge two groups, split a wording off its
 * group, mark a group. Groups are made at read time, so each decision is recorded on the groups' cores (their
 * compared wordings, see wording.ts) and holds whenever those cores show up again, after a rebuild too.
 */
import type { Event } from '../../shared/event-store/events.js';
import type { DemandStatus } from '../../../../contracts/analytics/demand.js';

/** `a` and `b` (a core of each group) belong together from now on. */
export type DemandGroupsMerged = Event<'DemandGroupsMerged', { a: string; b: string }>;

/** `core` stands on its own: its similar neighbours and earlier merges no longer pull it into a group. */
export type DemandWordingSplit = Event<'DemandWordingSplit', { core: string }>;

/** The group of `cores` is planned, built (served by `appSlug`), ignored, or open again. */
export type DemandGroupMarked = Event<
  'DemandGroupMarked',
  { cores: string[]; label: string; status: DemandStatus; appSlug: string | null }
>;

export type DemandDecision = DemandGroupsMerged | DemandWordingSplit | DemandGroupMarked;

export const DEMAND_STREAM = 'demand-needs';
