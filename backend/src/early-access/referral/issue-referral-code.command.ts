/**
 * The share-link generator: an e-mail in, the address's referral code out. A lead gets the code it joined
 * with; any other address gets a code of its own without being put on the list (the spec's generator only
 * inserts into referral_codes), and keeps it when it joins later. One address, one code, whatever the
 * concurrency: issuing takes the waitlist lock that joins take.
 */
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { z } from 'zod';
import type { Db } from '../../shared/db/tables.js';
import { ValidationError } from '../../shared/errors/domain-error.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import type { RecordedEvent } from '../../shared/event-store/events.js';
import { DB } from '../../shared/kernel.module.js';
import { emailKey, emailSchema } from '../../shared/validation/email.js';
import { caughtInHoneypot, honeypotSchema } from '../../shared/validation/honeypot.js';
import { newReferralCode } from './referral-code.js';
import { referralCodeStream, type ReferralCodeIssued } from './referral.events.js';
import { lockWaitlist, unusedReferralCode } from '../waitlist/join-waitlist.command.js';

export const issueReferralCodeInput = z.strictObject({ email: emailSchema, website: honeypotSchema });

export interface IssuedReferralCode {
  code: string;
  /** False when the address had a code already (as a lead or from an earlier generation). */
  issued: boolean;
}

export class IssueReferralCode extends Command<IssuedReferralCode> {
  constructor(readonly input: unknown) {
    super();
  }
}

@CommandHandler(IssueReferralCode)
export class IssueReferralCodeHandler implements ICommandHandler<IssueReferralCode> {
  constructor(
    private readonly events: EventStore,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ input }: IssueReferralCode): Promise<IssuedReferralCode> {
    const parsed = issueReferralCodeInput.safeParse(input);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    // A bot that filled the honeypot gets a code that exists nowhere.
    if (caughtInHoneypot(parsed.data)) return { code: newReferralCode(), issued: true };
    const { email } = parsed.data;

    let appended: RecordedEvent[] = [];
    const result = await this.db.transaction().execute(async (trx) => {
      await lockWaitlist(trx);
      const existing = await trx.selectFrom('referral_codes').select('code').where('owner_email', '=', email).executeTakeFirst();
      if (existing) return { code: existing.code, issued: false };
      const code = await unusedReferralCode(trx);
      const event: ReferralCodeIssued = { type: 'ReferralCodeIssued', data: { code, ownerEmail: email } };
      appended = (await this.events.appendInTransaction(trx, referralCodeStream(emailKey(email)), [event], 0)).events;
      return { code, issued: true };
    });
    this.events.published(appended);
    return result;
  }
}
