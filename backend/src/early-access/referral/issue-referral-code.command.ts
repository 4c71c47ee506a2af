/**
 * The share-link generator: an e-mail in, a referral code out. An address not on the list gets a code of its
 * own without being put on the list (the spec's generator only inserts into referral_codes), the same one
 * each time, and keeps it when it joins later. A lead's code is e-mailed to the lead instead: the answer is a
 * code that belongs to nobody (the same each time: derivedReferralCode), so the generator tells nobody who is
 * on the list (the page says the link may have gone by e-mail). One address, one code, whatever the concurrency: issuing takes the waitlist lock.
 */
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Db } from '../../shared/db/tables.js';
import { ValidationError } from '../../shared/errors/domain-error.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import type { RecordedEvent } from '../../shared/event-store/events.js';
import type { Config } from '../../shared/config/config.js';
import { linkMetadata } from '../../shared/http/site-base.js';
import { CONFIG, DB } from '../../shared/kernel.module.js';
import { appSecret } from '../../shared/security/signed-token.js';
import { emailKey } from '../../shared/validation/email.js';
import { derivedReferralCode, newReferralCode } from './referral-code.js';
import { referralCodeStream, type ReferralCodeIssued, type ReferralLinkRequested } from './referral.events.js';
import { lockWaitlist, unusedReferralCode } from '../waitlist/join-waitlist.command.js';
import { caughtInHoneypot } from '../../../../contracts/form-fields.js';
import { issueReferralCodeRequestSchema, type IssuedReferralCode } from '../../../../contracts/early-access/referral.js';

export class IssueReferralCode extends Command<IssuedReferralCode> {
  constructor(
    readonly input: unknown,
    /** Where its e-mail's link points when that is the visitor's address (development): visitorLinkBase. */
    readonly linkBase: string | null = null,
  ) {
    super();
  }
}

@CommandHandler(IssueReferralCode)
export class IssueReferralCodeHandler implements ICommandHandler<IssueReferralCode> {
  private readonly secret: string;

  constructor(
    private readonly events: EventStore,
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) config: Config,
  ) {
    this.secret = appSecret(config);
  }

  async execute({ input, linkBase }: IssueReferralCode): Promise<IssuedReferralCode> {
    const parsed = issueReferralCodeRequestSchema.safeParse(input);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    // A bot that filled the honeypot gets a code that exists nowhere.
    if (caughtInHoneypot(parsed.data)) return { code: newReferralCode() };
    const { email } = parsed.data;

    let appended: RecordedEvent[] = [];
    const result = await this.db.transaction().execute(async (trx) => {
      await lockWaitlist(trx);
      const lead = await trx.selectFrom('leads').select('referral_code').where('email', '=', email).executeTakeFirst();
      if (lead) {
        const requested: ReferralLinkRequested = { type: 'ReferralLinkRequested', data: { email, code: lead.referral_code } };
        appended = await this.events.appendUnversionedInTransaction(
          trx,
          [{ ...requested, streamId: referralCodeStream(emailKey(email)) }],
          linkMetadata(linkBase),
        );
        return { code: derivedReferralCode(this.secret, email) };
      }
      const existing = await trx.selectFrom('referral_codes').select('code').where('owner_email', '=', email).executeTakeFirst();
      if (existing) return { code: existing.code };
      const code = await unusedReferralCode(trx);
      const event: ReferralCodeIssued = { type: 'ReferralCodeIssued', data: { code, ownerEmail: email } };
      appended = (await this.events.appendInTransaction(trx, referralCodeStream(emailKey(email)), [event], 0)).events;
      return { code };
    });
    this.events.published(appended);
    return result;
  }
}
