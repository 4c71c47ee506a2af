/**
 * Joining the list (POST /api/leads) and the Early Explorers status (GET /api/early-access/status): the
 * request the API validates, and the answers it documents in OpenAPI and its handlers return. The SPA imports
 * the types only. How spots and positions are counted: docs/early-access.md.
 */
import { z } from 'zod';
import { emailSchema, honeypotSchema, sourcePageSchema } from '../form-fields.js';

export const joinWaitlistRequestSchema = z.strictObject({
  email: emailSchema,
  /** The path the visitor joined from, for attribution in the admin console. */
  source_page: sourcePageSchema,
  // A referral code from a shared link; one that matches no lead is ignored rather than refused.
  ref: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((code) => code?.toUpperCase() || null),
  // The visitor's analytics session, so analytics can link the lead to the visit that brought it.
  sessionId: z
    .uuid({ error: 'Must be a session id (uuid).' })
    .nullish()
    .transform((id) => id ?? null),
  website: honeypotSchema,
});
export type JoinWaitlistRequest = z.input<typeof joinWaitlistRequestSchema>;

/** What the visitor is told: never more than a newcomer would be, unless their browser joined as this lead. */
export const joinWaitlistResultSchema = z.object({
  position: z.number().int(),
  refCode: z.string(),
  /** Spots left once this join is counted (the cap minus confirmed and unexpired pending leads). */
  spotsLeft: z.number().int(),
  /** Whether this is an Early Explorer's place: unconfirmed places given back mean a position over 100 can be one. */
  earlyExplorer: z.boolean(),
  /** This browser joined with the address before (200): the position and code are its own. */
  alreadyJoined: z.boolean(),
});
export type JoinWaitlistResult = z.output<typeof joinWaitlistResultSchema>;

/** Early Explorers while the spots taken are under the cap, the wait-list from then on. */
export const EARLY_ACCESS_MODES = ['early-explorers', 'waitlist'] as const;
export type EarlyAccessMode = (typeof EARLY_ACCESS_MODES)[number];

export const earlyAccessStatusSchema = z.object({
  /** The spots taken: confirmed leads plus pending ones that have not expired (the spec's "lead count"). */
  leadCount: z.number().int(),
  cap: z.number().int(),
  spotsRemaining: z.number().int(),
  mode: z.enum(EARLY_ACCESS_MODES),
});
export type EarlyAccessStatus = z.output<typeof earlyAccessStatusSchema>;
