/** Properties of the early-access lead rules (fast-check): attribution never refuses (control characters aside), masks never leak. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinWaitlistRequestSchema } from '../../../contracts/early-access/waitlist.js';
import { subscribeNewsletterRequestSchema } from '../../../contracts/early-access/newsletter.js';
import { newReferralCode, REFERRAL_CODE_PATTERN } from './referral/referral-code.js';
import { isEarlyExplorer } from '../../../contracts/early-access/rewards.js';
import { maskEmail } from '../shared/validation/mask-email.js';

const address = fc.emailAddress().filter((a) => !/[\s<>()[\]\\,;:"]/.test(a) && a.length <= 254);

describe('joining and subscribing, for any attribution', () => {
  it('never refuses an address for its source page (control characters aside: those are refused) or referral code, and keeps them bounded', () => {
    fc.assert(
      fc.property(
        address,
        fc.option(
          fc.string({ maxLength: 2048 }).filter((page) => !/[\p{Cc}\u2028\u2029]/u.test(page)),
          { nil: null },
        ),
        fc.option(fc.string({ maxLength: 64 }), { nil: null }),
        (email, page, ref) => {
          const joined = joinWaitlistRequestSchema.safeParse({ email, source_page: page, ref });
          expect(joined.success).toBe(true);
          expect(joined.data!.email).toBe(email.toLowerCase());
          expect((joined.data!.source_page ?? '').length).toBeLessThanOrEqual(300);
          if (joined.data!.ref !== null) expect(joined.data!.ref).toBe(joined.data!.ref.toUpperCase());
          const subscribed = subscribeNewsletterRequestSchema.safeParse({ email, source_page: page });
          expect(subscribed.success).toBe(true);
        },
      ),
    );
  });

  it('refuses any unknown field', () => {
    fc.assert(
      fc.property(
        address,
        fc.string({ minLength: 1, maxLength: 20 }).filter((k) => !['email', 'source_page', 'ref', 'sessionId'].includes(k)),
        (email, key) => {
          expect(joinWaitlistRequestSchema.safeParse({ email, [key]: 1 }).success).toBe(false);
        },
      ),
    );
  });
});

describe('lead rules', () => {
  it('masks an address on the leaderboard without showing more than two characters of its local part', () => {
    fc.assert(
      fc.property(address, (email) => {
        const masked = maskEmail(email);
        const at = email.lastIndexOf('@');
        expect(masked.endsWith(email.slice(at))).toBe(true);
        const shown = masked.slice(0, masked.indexOf('***'));
        expect([...shown].length).toBeLessThanOrEqual(2);
        expect(email.startsWith(shown)).toBe(true);
      }),
    );
  });

  it('draws referral codes of the spec form', () => {
    fc.assert(
      fc.property(fc.nat(), () => REFERRAL_CODE_PATTERN.test(newReferralCode())),
      { numRuns: 1000 },
    );
  });

  it('makes exactly the first 100 positions Early Explorers', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 1_000_000 }), (position) => isEarlyExplorer(position) === position <= 100));
  });
});
