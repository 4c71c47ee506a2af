/**
 * An administrator voids the referral a lead joined through (a flagged pattern, say): it stops counting for
 * the referrer if it was credited, and will never count if it was not. An event with the acting admin, so the
 * audit trail shows who did it. Voiding twice changes nothing.
 */
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Db } from '../../shared/db/tables.js';
import { ConflictError, NotFoundError } from '../../shared/errors/domain-error.js';
import { EventStore, streamVersion } from '../../shared/event-store/event-store.js';
import { actedBy, type ActingUser } from '../../shared/http/acting-user.js';
import { DB } from '../../shared/kernel.module.js';
import { leadStream, type ReferralVoided } from './lead.events.js';

export const NOT_REFERRED = 'This lead did not join through a referral.';

export class VoidReferral extends Command<void> {
  constructor(
    readonly leadId: string,
    readonly actor: ActingUser,
  ) {
    super();
  }
}

@CommandHandler(VoidReferral)
export class VoidReferralHandler implements ICommandHandler<VoidReferral> {
  constructor(
    private readonly events: EventStore,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ leadId, actor }: VoidReferral): Promise<void> {
    const appended = await this.db.transaction().execute(async (trx) => {
      // Locked, so that a confirmation at the same moment either credits first (and is taken back here) or
      // waits and finds the referral voided.
      const lead = await trx
        .selectFrom('leads')
        .select(['id', 'referred_by', 'referral_credited', 'referral_voided_at'])
        .where('id', '=', leadId)
        .forUpdate()
        .executeTakeFirst();
      if (!lead) throw new NotFoundError('LEAD.NOT_FOUND', 'Lead not found');
      if (lead.referred_by === null) throw new ConflictError('REFERRAL.NONE', NOT_REFERRED);
      if (lead.referral_voided_at !== null) return [];
      const voided: ReferralVoided = {
        type: 'ReferralVoided',
        data: { leadId, referrerCode: lead.referred_by, wasCredited: lead.referral_credited },
      };
      const stream = leadStream(leadId);
      return (await this.events.appendInTransaction(trx, stream, [voided], await streamVersion(trx, stream), actedBy(actor))).events;
    });
    this.events.published(appended);
  }
}
