/**
 * Joins the Early Explorers (positions 1–100) or the wait-list after them. Positions are assigned under a
 * transaction-scoped advisory lock and are the version of the `waitlist` stream, so N concurrent joins get
 * N distinct, gap-free positions; an address that joins again (trimmed, case-insensitive) gets its position
 * back and nothing is written. The server draws the referral code, unique among all codes, retrying on a
 * clash; an address that already has a code from the share-link generator keeps it.
 */
import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db } from '../../shared/db/tables.js';
import { ValidationError } from '../../shared/errors/domain-error.js';
import { EventStore, streamVersion } from '../../shared/event-store/event-store.js';
import type { RecordedEvent } from '../../shared/event-store/events.js';
import { DB } from '../../shared/kernel.module.js';
import { emailSchema } from '../../shared/validation/email.js';
import { WAITLIST_STREAM, type LeadJoined } from '../lead/lead.events.js';
import { newReferralCode, REFERRAL_CODE_PATTERN } from '../lead/referral-code.js';
import { EARLY_EXPLORERS_CAP } from '../lead/rewards.js';

export const joinWaitlistInput = z.strictObject({
  email: emailSchema,
  // Attribution only: cut, never a reason to refuse.
  source_page: z
    .string()
    .trim()
    .max(2048)
    .nullish()
    .transform((page) => page?.slice(0, 300) || null),
  // A referral code from a shared link; one that matches no lead is ignored rather than refused.
  ref: z
    .string()
    .trim()
    .max(64)
    .nullish()
    .transform((code) => code?.toUpperCase() || null),
  // The visitor's analytics session, so analytics can link the lead to the visit that brought it.
  sessionId: z.uuid({ error: 'Must be a session id (uuid).' }).nullish().transform((id) => id ?? null),
});

export interface JoinResult {
  position: number;
  refCode: string;
  /** The spec's spotsLeft: max(0, 100 − position). */
  spotsLeft: number;
  alreadyJoined: boolean;
}

export class JoinWaitlist extends Command<JoinResult> {
  constructor(readonly input: unknown) {
    super();
  }
}

const MAX_CODE_DRAWS = 5;

@CommandHandler(JoinWaitlist)
export class JoinWaitlistHandler implements ICommandHandler<JoinWaitlist> {
  constructor(
    private readonly events: EventStore,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ input }: JoinWaitlist): Promise<JoinResult> {
    const parsed = joinWaitlistInput.safeParse(input);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    const { email, source_page, ref, sessionId } = parsed.data;

    let appended: RecordedEvent[] = [];
    const result = await this.db.transaction().execute(async (trx) => {
      await lockWaitlist(trx);
      const existing = await trx
        .selectFrom('leads')
        .select(['waitlist_position', 'referral_code'])
        .where('email', '=', email)
        .executeTakeFirst();
      if (existing) return joined(existing.waitlist_position, existing.referral_code, true);

      const referrer =
        ref && REFERRAL_CODE_PATTERN.test(ref)
          ? await trx.selectFrom('referral_codes').select(['code', 'owner_email']).where('code', '=', ref).executeTakeFirst()
          : undefined;
      // Self-referral (a code the generator issued to this very address) earns nothing.
      const referredBy = referrer && referrer.owner_email !== email ? referrer.code : null;
      const position = (await streamVersion(trx, WAITLIST_STREAM)) + 1;
      // An address the share-link generator already gave a code keeps it: links already shared stay valid.
      const issued = await trx.selectFrom('referral_codes').select('code').where('owner_email', '=', email).executeTakeFirst();
      const referralCode = issued?.code ?? (await unusedReferralCode(trx));
      const event: LeadJoined = {
        type: 'LeadJoined',
        data: {
          leadId: randomUUID(),
          email,
          sourcePage: source_page,
          position,
          referralCode,
          referredBy,
          sessionId,
        },
      };
      appended = (await this.events.appendInTransaction(trx, WAITLIST_STREAM, [event], position - 1)).events;
      return joined(position, referralCode, false);
    });
    this.events.published(appended);
    return result;
  }
}

/**
 * A code no lead or generated link uses yet. Call under the waitlist lock (`lockWaitlist`), which every
 * writer of codes takes, so two writers cannot draw the same one.
 */
export async function unusedReferralCode(trx: Db): Promise<string> {
  for (let draw = 0; draw < MAX_CODE_DRAWS; draw++) {
    const code = newReferralCode();
    const taken = await trx.selectFrom('referral_codes').select('code').where('code', '=', code).executeTakeFirst();
    if (!taken) return code;
  }
  throw new Error('Could not draw an unused referral code');
}

/** Serialises joins and code issues until the transaction ends. */
export async function lockWaitlist(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${WAITLIST_STREAM}, 0))`.execute(trx);
}

function joined(position: number, refCode: string, alreadyJoined: boolean): JoinResult {
  return { position, refCode, spotsLeft: Math.max(0, EARLY_EXPLORERS_CAP - position), alreadyJoined };
}
