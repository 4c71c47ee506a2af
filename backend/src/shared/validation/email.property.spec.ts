/** Properties of the visitor e-mail rule (fast-check): whatever arrives, the answer is one of two. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMAIL_INVALID, EMAIL_REQUIRED, emailKey, emailSchema } from './email.js';

const FORBIDDEN = /[\s\x00-\x1f\x7f<>()[\]\\,;:"]/;
/** Addresses the rule must accept: RFC addresses without the characters no unquoted address contains. */
const plainAddress = fc.emailAddress().filter((address) => !FORBIDDEN.test(address) && address.length <= 254);

describe('emailSchema, for any input', () => {
  it('never throws, and answers either a clean address or one of its two messages', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 300 }), fc.anything()), (input) => {
        const result = emailSchema.safeParse(input);
        if (!result.success) {
          expect([EMAIL_REQUIRED, EMAIL_INVALID]).toContain(result.error.issues[0]!.message);
          return;
        }
        const address = result.data;
        expect(address).toBe(address.toLowerCase());
        expect(address).toBe(address.trim());
        expect(address.length).toBeLessThanOrEqual(254);
        expect(address.split('@')).toHaveLength(2);
        expect(address).not.toMatch(FORBIDDEN);
      }),
      { numRuns: 500 },
    );
  }, 30_000);

  it('accepts every plain address, lower-cased, whatever the case and surrounding spaces', () => {
    fc.assert(
      fc.property(plainAddress, fc.constantFrom('', ' ', '  \t'), (address, space) => {
        const result = emailSchema.safeParse(`${space}${address.toUpperCase()}${space}`);
        expect(result.success).toBe(true);
        expect(result.data).toBe(address.toUpperCase().toLowerCase());
      }),
    );
  });

  it('refuses markup, quotes and control characters anywhere in an address', () => {
    fc.assert(
      fc.property(
        plainAddress,
        fc.constantFrom('<', '>', '"', '(', ')', '\\', ',', ';', ':', '\u0000', '\u001b', '\u007f'),
        fc.nat(),
        (address, bad, at) => {
          const i = at % (address.length + 1);
          expect(emailSchema.safeParse(`${address.slice(0, i)}${bad}${address.slice(i)}`).success).toBe(false);
        },
      ),
    );
  });
});

describe('emailKey', () => {
  it('is a 32-hex-digit key, the same for every spelling of one address and different for different ones', () => {
    fc.assert(
      fc.property(plainAddress, plainAddress, (a, b) => {
        expect(emailKey(a)).toMatch(/^[0-9a-f]{32}$/);
        expect(emailKey(` ${a.toUpperCase()} `)).toBe(emailKey(a));
        if (a.toLowerCase() !== b.toLowerCase()) expect(emailKey(a)).not.toBe(emailKey(b));
      }),
    );
  });
});
