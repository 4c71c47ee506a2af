/**
 * A visit through a share link: `ReferralLinkClicked` with the platform it came from and the visitor's user
 * agent (parsed here, never trusted from the body). The client sends it once per browser session. Every code
 * the site has handed out is recorded alike, whoever owns it; a code nobody owns (one guessed) writes nothing
 * but is answered like any other; a string that is not a code at all is a 404.
 */
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { z } from 'zod';
import type { Db } from '../../shared/db/tables.js';
import { NotFoundError, ValidationError } from '../../shared/errors/domain-error.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import { DB } from '../../shared/kernel.module.js';
import { REFERRAL_CODE_PATTERN } from './referral-code.js';
import { detectPlatform, type Platform } from './platform.js';
import { referralClicksStream, type ReferralLinkClicked } from './referral.events.js';
import { parseUserAgent } from './user-agent.js';

// Hints only: they pick a platform from a fixed list and are not stored, so a hint that is too long is
// refused rather than cut.
const hint = (max: number) => z.string({ error: 'Must be text.' }).max(max, `At most ${max} characters.`).nullish();

export const referralClickInput = z.strictObject({
  /** document.referrer of the landing page. */
  referrer: hint(2048),
  utm_source: hint(100),
  via: hint(100),
});

export class RecordReferralClick extends Command<{ platform: Platform }> {
  constructor(
    readonly code: string,
    readonly input: unknown,
    readonly userAgent: string | undefined,
  ) {
    super();
  }
}

@CommandHandler(RecordReferralClick)
export class RecordReferralClickHandler implements ICommandHandler<RecordReferralClick> {
  constructor(
    private readonly events: EventStore,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ code: rawCode, input, userAgent }: RecordReferralClick): Promise<{ platform: Platform }> {
    const parsed = referralClickInput.safeParse(input ?? {});
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    const code = rawCode.trim().toUpperCase();
    if (!REFERRAL_CODE_PATTERN.test(code)) throw new NotFoundError('REFERRAL.NOT_FOUND', 'Referral code not found');
    const known = await this.db.selectFrom('referral_codes').select('code').where('code', '=', code).executeTakeFirst();
    const { referrer, utm_source, via } = parsed.data;
    const platform = detectPlatform({ referrer, utmSource: utm_source, via });
    if (!known) return { platform };
    const clicked: ReferralLinkClicked = {
      type: 'ReferralLinkClicked',
      data: { code, platform, userAgent: parseUserAgent(userAgent) },
    };
    await this.events.appendUnversioned([{ ...clicked, streamId: referralClicksStream(code) }]);
    return { platform };
  }
}
