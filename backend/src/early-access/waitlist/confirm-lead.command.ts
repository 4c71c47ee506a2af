/**
 * A lead confirms its address with the link in the welcome e-mail. Confirmation is what makes a lead count:
 * it takes an Early Explorer spot if one is free (fewer confirmed Explorers than the cap, counted under the
 * waitlist lock so that two confirmations cannot take the last spot twice; decided here and recorded on
 * LeadConfirmed, so a rebuild gives every lead the same standing), its lead conversion is recorded, and the referral it came through is credited to
 * the referrer unless it was refused at the join or voided by an administrator since (docs/early-access.md).
 * Confirming twice changes nothing, even at the same moment (the lead's row is locked while deciding).
 */
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, Query, QueryHandler, type ICommandHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Config } from '../../shared/config/config.js';
import type { Db } from '../../shared/db/tables.js';
import { ValidationError } from '../../shared/errors/domain-error.js';
import { EventStore, streamVersion } from '../../shared/event-store/event-store.js';
import { CONFIG, DB } from '../../shared/kernel.module.js';
import { appSecret, verifyToken } from '../../shared/security/signed-token.js';
import { appendConversions } from '../conversion/conversion.events.js';
import { LEAD_CONFIRMATION_PURPOSE, leadStream, type LeadConfirmed } from './lead.events.js';
import { lockWaitlist } from './join-waitlist.command.js';
import { countSpots, spotFree } from './spots.js';

export const INVALID_CONFIRMATION_LINK = 'This confirmation link is not valid.';

/**
 * The lead a confirmation link names, or null when the link is forged, expired or its lead is gone. `lock`:
 * hold its row until the transaction ends, so that a second confirmation at once waits and finds it confirmed.
 */
async function leadOf(db: Db, secret: string, token: string, lock = false) {
  const leadId = verifyToken(secret, LEAD_CONFIRMATION_PURPOSE, token);
  if (!leadId) return null;
  return (
    (await db
      .selectFrom('leads')
      .select(['id', 'email', 'confirmed_at', 'referred_by', 'referral_refused', 'referral_voided_at'])
      .where('id', '=', leadId)
      .$if(lock, (query) => query.forUpdate())
      .executeTakeFirst()) ?? null
  );
}

/** Whether a confirmation link is valid: the page it opens asks before anything changes. */
export class CheckLeadConfirmationLink extends Query<boolean> {
  constructor(readonly token: string) {
    super();
  }
}

@QueryHandler(CheckLeadConfirmationLink)
export class CheckLeadConfirmationLinkHandler implements IQueryHandler<CheckLeadConfirmationLink> {
  private readonly secret: string;

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) config: Config,
  ) {
    this.secret = appSecret(config);
  }

  async execute({ token }: CheckLeadConfirmationLink): Promise<boolean> {
    return (await leadOf(this.db, this.secret, token)) !== null;
  }
}

export class ConfirmLead extends Command<void> {
  constructor(readonly token: string) {
    super();
  }
}

@CommandHandler(ConfirmLead)
export class ConfirmLeadHandler implements ICommandHandler<ConfirmLead> {
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

  async execute({ token }: ConfirmLead): Promise<void> {
    // A forged or expired link is refused before anything waits for the waitlist lock.
    if (!verifyToken(this.secret, LEAD_CONFIRMATION_PURPOSE, token)) {
      throw new ValidationError(INVALID_CONFIRMATION_LINK, { token: 'Invalid or expired link' });
    }
    const appended = await this.db.transaction().execute(async (trx) => {
      // The waitlist lock before the lead's row, as joins take it: the spots counted stay true until commit.
      await lockWaitlist(trx);
      const lead = await leadOf(trx, this.secret, token, true);
      if (!lead) throw new ValidationError(INVALID_CONFIRMATION_LINK, { token: 'Invalid or expired link' });
      if (lead.confirmed_at) return [];
      const creditable = lead.referred_by !== null && lead.referral_refused === null && lead.referral_voided_at === null;
      const earlyExplorer = spotFree(await countSpots(trx, this.confirmationDays));
      const confirmed: LeadConfirmed = {
        type: 'LeadConfirmed',
        data: { leadId: lead.id, email: lead.email, credited: creditable ? lead.referred_by : null, earlyExplorer },
      };
      const stream = leadStream(lead.id);
      return [
        ...(await this.events.appendInTransaction(trx, stream, [confirmed], await streamVersion(trx, stream))).events,
        ...(await appendConversions(this.events, trx, 'lead', [lead.id])),
      ];
    });
    this.events.published(appended);
  }
}
