/**
 * A lead confirms its address with the link in the welcome e-mail. Confirmation is what makes a lead count:
 * its spot is kept for good, its lead conversion is recorded, and the referral it came through is credited to
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

  constructor(
    private readonly events: EventStore,
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) config: Config,
  ) {
    this.secret = appSecret(config);
  }

  async execute({ token }: ConfirmLead): Promise<void> {
    const appended = await this.db.transaction().execute(async (trx) => {
      const lead = await leadOf(trx, this.secret, token, true);
      if (!lead) throw new ValidationError(INVALID_CONFIRMATION_LINK, { token: 'Invalid or expired link' });
      if (lead.confirmed_at) return [];
      const creditable = lead.referred_by !== null && lead.referral_refused === null && lead.referral_voided_at === null;
      const confirmed: LeadConfirmed = {
        type: 'LeadConfirmed',
        data: { leadId: lead.id, email: lead.email, credited: creditable ? lead.referred_by : null },
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
