/**
 * Joins the Early Explorers or the wait-list after them. The rules (positions, explorers, codes, referrals,
 * what a repeated address is told) are the waitlist decider's (waitlist.decider.ts); this handler gives it the
 * state and the fresh codes it needs and appends what it decides. Positions are assigned under a
 * transaction-scoped advisory lock and are the version of the `waitlist` stream, so N concurrent joins get N
 * distinct, consecutive positions (a join with an address on the list uses one up too). Referral codes are
 * drawn unique among all codes, retrying on a clash.
 * Concurrent joins are written in groups (see JoinWaitlistHandler).
 */
import { createHmac, randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { sql } from 'kysely';
import type { Db } from '../../shared/db/tables.js';
import { ValidationError } from '../../shared/errors/domain-error.js';
import { EventStore, streamVersion } from '../../shared/event-store/event-store.js';
import type { RecordedEvent } from '../../shared/event-store/events.js';
import type { Config } from '../../shared/config/config.js';
import { CONFIG, DB } from '../../shared/kernel.module.js';
import { appSecret } from '../../shared/security/signed-token.js';
import { mailboxKey } from '../../shared/validation/email.js';
import { WAITLIST_STREAM } from './lead.events.js';
import { newReferralCode, REFERRAL_CODE_PATTERN } from '../referral/referral-code.js';
import { EARLY_EXPLORERS_CAP } from '../../../../contracts/early-access/rewards.js';
import { countSpots, spotFree, spotsLeft } from './spots.js';
import { answers, freshNeeded, waitlistDecider, type Join, type WaitlistState } from './waitlist.decider.js';
import { caughtInHoneypot } from '../../../../contracts/form-fields.js';
import { joinWaitlistRequestSchema, type JoinWaitlistResult } from '../../../../contracts/early-access/waitlist.js';

/** Who is joining, as far as the request tells: the leads their browser joined as, and their address. */
export interface JoinContext {
  knownLeadIds: readonly string[];
  clientIp: string | null;
  /** Where its e-mail's links point when that is the visitor's address (development): visitorLinkBase. */
  linkBase: string | null;
}

/** The answer and, for the browser to remember (never sent in the answer), the lead it joined as. */
export interface JoinOutcome {
  result: JoinWaitlistResult;
  leadId: string | null;
}

export class JoinWaitlist extends Command<JoinOutcome> {
  constructor(
    readonly input: unknown,
    readonly context: JoinContext = { knownLeadIds: [], clientIp: null, linkBase: null },
  ) {
    super();
  }
}

const MAX_CODE_DRAWS = 5;
/** Joins decided together in one transaction at most (a burst beyond that waits for the next group). */
const MAX_GROUP = 500;

interface Waiting {
  join: Join;
  resolve: (outcome: JoinOutcome) => void;
  reject: (error: unknown) => void;
}

/**
 * Joins that arrive while a group is being written wait and go together in the next one: one transaction, one
 * hold of the waitlist lock, one INSERT of their events and one commit for all of them. The lock serialises
 * every join (that is what makes positions consecutive), so one join per transaction made a burst of 200 wait in
 * line for 200 commits; grouped, it waits for one or two. Positions are still given in arrival order. Each
 * API process groups its own joins; processes still take turns on the lock.
 */
@CommandHandler(JoinWaitlist)
export class JoinWaitlistHandler implements ICommandHandler<JoinWaitlist> {
  private waiting: Waiting[] = [];
  private writing = false;

  private readonly secret: string;
  private readonly confirmationDays: number;

  constructor(
    private readonly events: EventStore,
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) config: Config,
  ) {
    this.secret = appSecret(config);
    this.confirmationDays = config.LEAD_CONFIRMATION_DAYS;
  }

  execute({ input, context }: JoinWaitlist): Promise<JoinOutcome> {
    const parsed = joinWaitlistRequestSchema.safeParse(input);
    if (!parsed.success) return Promise.reject(ValidationError.fromZod(parsed.error));
    if (caughtInHoneypot(parsed.data)) return this.decoy();
    const { website: _, ...fields } = parsed.data;
    const join: Join = {
      ...fields,
      knownLeadIds: context.knownLeadIds,
      clientKey: context.clientIp && this.clientKey(context.clientIp),
      linkBase: context.linkBase,
    };
    return new Promise((resolve, reject) => {
      this.waiting.push({ join, resolve, reject });
      void this.writeGroups();
    });
  }

  /** A keyed hash of the client's address: many referrals from one client can be flagged without keeping it. */
  private clientKey(ip: string): string {
    return createHmac('sha256', this.secret).update(`lead-client:${ip}`).digest('base64url').slice(0, 22);
  }

  private async writeGroups(): Promise<void> {
    if (this.writing) return;
    this.writing = true;
    try {
      while (this.waiting.length > 0) {
        const group = this.waiting.splice(0, MAX_GROUP);
        try {
          const results = await this.join(group.map((w) => w.join));
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
  private async join(joins: Join[]): Promise<JoinOutcome[]> {
    let appended: RecordedEvent[] = [];
    const outcomes = await this.db.transaction().execute(async (trx) => {
      await lockWaitlist(trx);
      const state = await waitlistState(trx, joins, this.confirmationDays);
      const needed = freshNeeded(joins, state);
      const fresh = {
        codes: await unusedReferralCodes(trx, needed.codes),
        leadIds: Array.from({ length: needed.leadIds }, () => randomUUID()),
      };
      const events = waitlistDecider.decide({ type: 'JoinWaitlistGroup', joins, fresh }, state);
      // In arrival order: each event's version is the position it used up.
      if (events.length > 0) appended = (await this.events.appendInTransaction(trx, WAITLIST_STREAM, events, state.lastPosition)).events;
      return answers(joins, state, events).map(({ leadId, code, ...answer }) => ({ leadId, result: { ...answer, refCode: code } }));
    });
    this.events.published(appended);
    return outcomes;
  }

  /** What a bot that filled the honeypot is told: the next position and a code, neither of them real. */
  private async decoy(): Promise<JoinOutcome> {
    const [lastPosition, spots] = await Promise.all([streamVersion(this.db, WAITLIST_STREAM), countSpots(this.db, this.confirmationDays)]);
    const result: JoinWaitlistResult = {
      position: lastPosition + 1,
      refCode: newReferralCode(),
      spotsLeft: spotsLeft({ ...spots, pending: spots.pending + 1 }),
      earlyExplorer: spotFree(spots),
      alreadyJoined: false,
    };
    return { result, leadId: null };
  }
}

/**
 * The part of the waitlist's state a group's decision reads: the group's addresses and mailboxes already on
 * the list, the owners of the codes they were referred by, the codes the share-link generator gave them, the
 * spots (confirmed Explorers, pending leads) and the last position told (the waitlist stream's version). Call
 * under the waitlist lock.
 */
async function waitlistState(trx: Db, joins: readonly Join[], confirmationDays: number): Promise<WaitlistState> {
  const joining = new Set(joins.map((join) => join.email));
  const emails = [...joining];
  const mailboxes = [...new Set(emails.map(mailboxKey))];
  const refs = [...new Set(joins.flatMap(({ ref }) => (ref && REFERRAL_CODE_PATTERN.test(ref) ? [ref] : [])))];
  // The leads with one of the group's mailboxes: the group's addresses among them, and the others of one person.
  const [onList, owners, issued, spots, lastPosition] = await Promise.all([
    trx
      .selectFrom('leads')
      .select(['id', 'email', 'mailbox', 'waitlist_position', 'referral_code', 'early_explorer'])
      .where('mailbox', 'in', mailboxes)
      .execute(),
    refs.length === 0 ? [] : trx.selectFrom('referral_codes').select(['code', 'owner_email']).where('code', 'in', refs).execute(),
    trx
      .selectFrom('referral_codes')
      .select(['code', 'owner_email'])
      .where('owner_email', 'in', emails)
      .where('generated', '=', true)
      .execute(),
    countSpots(trx, confirmationDays, EARLY_EXPLORERS_CAP + joins.length),
    streamVersion(trx, WAITLIST_STREAM),
  ]);
  return {
    lastPosition,
    spots,
    leads: new Map(
      onList
        .filter((lead) => joining.has(lead.email))
        .map((lead) => [
          lead.email,
          { leadId: lead.id, position: lead.waitlist_position, code: lead.referral_code, earlyExplorer: lead.early_explorer },
        ]),
    ),
    mailboxes: new Set(onList.map((row) => row.mailbox)),
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
