/**
 * The events the tracker sends to POST /api/analytics/collect: the types of the shared contract
 * (contracts/analytics/collect.ts), which the API validates the same events with. Types only, and the
 * constants from limits.ts: no zod reaches the bundle.
 */
export type { AnalyticsEvent, Interaction, PageTime, PageView, SessionEnd, SessionStart } from '../../../../contracts/analytics/collect';
export { LIMITS, type InteractionAction } from '../../../../contracts/analytics/limits';
