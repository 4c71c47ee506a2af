/**
 * The share-link generator: an e-mail in, a referral code out. Every address gets one code of its own, the
 * same each time, whether it is on the list or not, and clicks and joins through it count for the address:
 * an address not on the list keeps it as its lead's code when it joins; for a lead it is a second code of the
 * lead's, also e-mailed to the address. The answer is built the same way either way, and a code's public
 * figures count only what came through it, so the generator tells nobody who is on the list. It never answers
 * a lead's own code (the link in its welcome e-mail), whose figures are the lead's. Issuing takes the waitlist
 * lock, and the code is the version-0 event of the address's stream: one address, one code, whatever the
 * concurrency.
 */
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Db } from '../../shared/db/tables.js';
import { ValidationError } from '../../shared/errors/domain-error.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import type { RecordedEvent } from '../../shared/event-store/events.js';
import { linkMetadata } from '../../shared/http/site-base.js';
import { DB } from '../../shared/kernel.module.js';
import { emailKey } from '../../shared/validation/email.js';
import { newReferralCode } from './referral-code.js';
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
  constructor(
    private readonly events: EventStore,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ input, linkBase }: IssueReferralCode): Promise<IssuedReferralCode> {
    const parsed = issueReferralCodeRequestSchema.safeParse(input);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    // A bot that filled the honeypot gets a code that exists nowhere.
    if (caughtInHoneypot(parsed.data)) return { code: newReferralCode() };
    const { email } = parsed.data;

    let appended: RecordedEvent[] = [];
    const result = await this.db.transaction().execute(async (trx) => {
      await lockWaitlist(trx);
      const [lead, existing] = await Promise.all([
        trx.selectFrom('leads').select('id').where('email', '=', email).executeTakeFirst(),
        trx.selectFrom('referral_codes').select('code').where('owner_email', '=', email).where('generated', '=', true).executeTakeFirst(),
      ]);
      const stream = referralCodeStream(emailKey(email));
      let code = existing?.code;
      if (code === undefined) {
        code = await unusedReferralCode(trx);
        const event: ReferralCodeIssued = { type: 'ReferralCodeIssued', data: { code, ownerEmail: email } };
        appended = (await this.events.appendInTransaction(trx, stream, [event], 0)).events;
      }
      if (lead) {
        const requested: ReferralLinkRequested = { type: 'ReferralLinkRequested', data: { email, code } };
        appended.push(
          ...(await this.events.appendUnversionedInTransaction(trx, [{ ...requested, streamId: stream }], linkMetadata(linkBase))),
        );
      }
      return { code };
    });
    this.events.published(appended);
    return result;
  }
}
