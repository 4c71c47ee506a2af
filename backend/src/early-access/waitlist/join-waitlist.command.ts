/**
 * Joins the Early Explorers (positions 1–100) or the wait-list after them. The rules (positions, codes,
 * referral credit) are the waitlist decider's (lead/waitlist.decider.ts); this handler gives it the state and
 * the fresh codes it needs and appends what it decides. Positions are assigned under a transaction-scoped
 * advisory lock and are the version of the `waitlist` stream, so N concurrent joins get N distinct, gap-free
 * positions. Referral codes are drawn unique among all codes, retrying on a clash. Concurrent joins are
 * written in groups (see JoinWaitlistHandler).
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
import { caughtInHoneypot, honeypotSchema } from '../../shared/validation/honeypot.js';
import { appendConversions } from '../conversion/conversion.events.js';
import { WAITLIST_STREAM } from './lead.events.js';
import { newReferralCode, REFERRAL_CODE_PATTERN } from '../referral/referral-code.js';
import { EARLY_EXPLORERS_CAP } from '../../../../contracts/early-access/rewards.js';
import { answers, freshNeeded, waitlistDecider, type WaitlistState } from './waitlist.decider.js';

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
  sessionId: z
    .uuid({ error: 'Must be a session id (uuid).' })
    .nullish()
    .transform((id) => id ?? null),
  website: honeypotSchema,
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
/** Joins decided together in one transaction at most (a burst beyond that waits for the next group). */
const MAX_GROUP = 500;

type JoinInput = z.output<typeof joinWaitlistInput>;

interface Waiting {
  input: JoinInput;
  resolve: (result: JoinResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Joins that arrive while a group is being written wait and go together in the next one: one transaction, one
 * hold of the waitlist lock, one INSERT of their events and one commit for all of them. The lock serialises
 * every join (that is what makes positions gap-free), so one join per transaction made a burst of 200 wait in
 * line for 200 commits; grouped, it waits for one or two. Positions are still given in arrival order. Each
 * API process groups its own joins; processes still take turns on the lock.
 */
@CommandHandler(JoinWaitlist)
export class JoinWaitlistHandler implements ICommandHandler<JoinWaitlist> {
  private waiting: Waiting[] = [];
  private writing = false;

  constructor(
    private readonly events: EventStore,
    @Inject(DB) private readonly db: Db,
  ) {}

  execute({ input }: JoinWaitlist): Promise<JoinResult> {
    const parsed = joinWaitlistInput.safeParse(input);
    if (!parsed.success) return Promise.reject(ValidationError.fromZod(parsed.error));
    if (caughtInHoneypot(parsed.data)) return this.decoy();
    return new Promise((resolve, reject) => {
      this.waiting.push({ input: parsed.data, resolve, reject });
      void this.writeGroups();
    });
  }

  private async writeGroups(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    try {
      while (this.waiting.length > 0) {
        const group = this.waiting.splice(0, MAX_GROUP);
        try {
          const results = await this.join(group.map((w) => w.input));
          group.forEach((w, i) => w.resolve(results[i]!));
        } catch (error) {
          for (const w of group) w.reject(error);
        }
      }
    } finally {
      this.writing = false;
    }
  }

  /** Reads the state the group's decision needs, under the waitlist lock; decides; appends. */
  private async join(inputs: JoinInput[]): Promise<JoinResult[]> {
    let appended: RecordedEvent[] = [];
    const results = await this.db.transaction().execute(async (trx) => {
      await lockWaitlist(trx);
      const state = await waitlistState(trx, inputs);
      const needed = freshNeeded(inputs, state);
      const fresh = {
        codes: await unusedReferralCodes(trx, needed.codes),
        leadIds: Array.from({ length: needed.leadIds }, () => randomUUID()),
      };
      const events = waitlistDecider.decide({ type: 'JoinWaitlistGroup', joins: inputs, fresh }, state);
      if (events.length > 0) {
        appended = [
          ...(await this.events.appendInTransaction(trx, WAITLIST_STREAM, events, state.lastPosition)).events,
          ...(await appendConversions(
            this.events,
            trx,
            'lead',
            events.map((event) => event.data.leadId),
          )),
        ];
      }
      return answers(inputs, state, events).map(({ position, code, alreadyJoined }) => joined(position, code, alreadyJoined));
    });
    this.events.published(appended);
    return results;
  }

  /** What a bot that filled the honeypot is told: the next position and a code, neither of them real. */
  private async decoy(): Promise<JoinResult> {
    const { count } = await this.db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return joined(count + 1, newReferralCode(), false);
  }
}

/**
 * The part of the waitlist's state a group's decision reads: the group's addresses already on the list, the
 * owners of the codes they were referred by, the codes the share-link generator gave them, and the last
 * position (the waitlist stream's version). Call under the waitlist lock.
 */
async function waitlistState(trx: Db, inputs: readonly JoinInput[]): Promise<WaitlistState> {
  const emails = [...new Set(inputs.map((input) => input.email))];
  const refs = [...new Set(inputs.flatMap(({ ref }) => (ref && REFERRAL_CODE_PATTERN.test(ref) ? [ref] : [])))];
  const [leads, owners, issued, lastPosition] = await Promise.all([
    trx.selectFrom('leads').select(['email', 'waitlist_position', 'referral_code']).where('email', 'in', emails).execute(),
    refs.length === 0 ? [] : trx.selectFrom('referral_codes').select(['code', 'owner_email']).where('code', 'in', refs).execute(),
    trx.selectFrom('referral_codes').select(['code', 'owner_email']).where('owner_email', 'in', emails).execute(),
    streamVersion(trx, WAITLIST_STREAM),
  ]);
  return {
    lastPosition,
    leads: new Map(leads.map((lead) => [lead.email, { position: lead.waitlist_position, code: lead.referral_code }])),
    owners: new Map(owners.map((row) => [row.code, row.owner_email])),
    issued: new Map(issued.map((row) => [row.owner_email, row.code])),
  };
}

/**
 * A code no lead or generated link uses yet. Call under the waitlist lock (`lockWaitlist`), which every
 * writer of codes takes, so two writers cannot draw the same one.
 */
export async function unusedReferralCode(trx: Db): Promise<string> {
  return (await unusedReferralCodes(trx, 1))[0]!;
}

/** `count` distinct codes no lead or generated link uses yet, drawn together (same rule as above). */
export async function unusedReferralCodes(trx: Db, count: number): Promise<string[]> {
  const codes = new Set<string>();
  for (let draw = 0; draw < MAX_CODE_DRAWS && codes.size < count; draw++) {
    const drawn = new Set<string>();
    while (drawn.size < count - codes.size) {
      const code = newReferralCode();
      if (!codes.has(code)) drawn.add(code);
    }
    const taken = new Set(
      (
        await trx
          .selectFrom('referral_codes')
          .select('code')
          .where('code', 'in', [...drawn])
          .execute()
      ).map((row) => row.code),
    );
    for (const code of drawn) if (!taken.has(code)) codes.add(code);
  }
  if (codes.size < count) throw new Error('Could not draw an unused referral code');
  return [...codes];
}

/** Serialises joins and code issues until the transaction ends. */
export async function lockWaitlist(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${WAITLIST_STREAM}, 0))`.execute(trx);
}

function joined(position: number, refCode: string, alreadyJoined: boolean): JoinResult {
  return { position, refCode, spotsLeft: Math.max(0, EARLY_EXPLORERS_CAP - position), alreadyJoined };
}
