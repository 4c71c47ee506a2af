/**
 * Properties of the visitor e-mail rule (fast-check): whatever arrives, the answer is one of two, and an
 * accepted address is in its canonical form, the one every look-alike spelling of it is read as.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMAIL_INVALID, EMAIL_REQUIRED } from '../../../../contracts/email.js';
import { emailSchema } from '../../../../contracts/form-fields.js';
import { emailKey, mailboxKey } from './email.js';

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

/** Every format character (zero-width, bidi controls, BOM, soft hyphen…), from the whole code space. */
const FORMAT_CHARACTERS = Array.from({ length: 0x110000 }, (_, code) => code)
  .filter((code) => code < 0xd800 || code > 0xdfff)
  .map((code) => String.fromCodePoint(code))
  .filter((char) => /\p{Cf}/u.test(char));

/** Text that puts each step of the canonical form to work, with a few hard cases besides random characters. */
const tricky = fc.string({
  unit: fc.oneof(
    { arbitrary: fc.constantFrom(...'abcxyzABCXYZ0189.+-_'), weight: 12 },
    {
      arbitrary: fc.constantFrom(
        '\uff24', // full-width D
        '\ud835\udc1d', // mathematical bold d
        '\u212a', // Kelvin sign
        '\u0130', // I with dot above, lower-cased into two code points
        '\u01c5', // title-case Dž
        '\u00df',
        '\ufb03', // ﬃ
        '\u0301', // combining acute accent
        '\u0435', // Cyrillic е
        '\u03b1', // Greek α
        '\u4f8b',
        '\u30fc',
        '\uff0e', // full-width full stop
        '\u3002', // ideographic full stop
        '\uff61',
      ),
      weight: 3,
    },
    { arbitrary: fc.constantFrom(...FORMAT_CHARACTERS), weight: 1 },
    { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), weight: 1 },
  ),
  minLength: 1,
  maxLength: 12,
});
const nearAddress = fc
  .tuple(
    fc.constantFrom('', ' ', '\u3000'),
    tricky,
    fc.constantFrom('@', '\uff20'),
    tricky,
    fc.constantFrom('.', '\uff0e', '\u3002'),
    tricky,
    fc.constantFrom('', '.', '..', '\u3002'),
  )
  .map((parts) => parts.join(''));

/** Full-width forms of ASCII U+0021–U+007E, which NFKC maps back. */
const fullWidth = (char: string) => (char >= '!' && char <= '~' ? String.fromCodePoint(char.codePointAt(0)! + 0xfee0) : char);

describe('the canonical address', () => {
  it('is a fixed point: an accepted address is accepted again unchanged', () => {
    fc.assert(
      fc.property(fc.oneof(nearAddress, plainAddress, fc.string({ unit: 'binary', maxLength: 40 })), (input) => {
        const result = emailSchema.safeParse(input);
        if (!result.success) return;
        const address = result.data;
        expect(emailSchema.parse(address)).toBe(address);
        expect(address).not.toMatch(/\p{Cf}/u);
        expect(address).not.toMatch(/[\p{Lu}\p{Lt}]/u);
        expect(address).toBe(address.normalize('NFKC'));
        expect(address).not.toMatch(/\.$/);
      }),
      { numRuns: 2000 },
    );
  }, 30_000);

  it('is the same for every full-width, upper-case, padded or dot-terminated spelling of a plain address', () => {
    fc.assert(
      fc.property(
        plainAddress,
        fc.array(fc.boolean(), { minLength: 254, maxLength: 254 }),
        fc.boolean(),
        fc.constantFrom('', '.', '..', '\uff0e', '\u3002'),
        fc.constantFrom('', ' ', '\u3000'),
        (address, widen, upper, dot, space) => {
          const spelled = [...(upper ? address.toUpperCase() : address)].map((char, i) => (widen[i] ? fullWidth(char) : char));
          expect(emailSchema.parse(`${space}${spelled.join('')}${dot}${space}`)).toBe(address.toLowerCase());
        },
      ),
    );
  });

  it('refuses any format character anywhere in an address, with the invalid message', () => {
    fc.assert(
      fc.property(plainAddress, fc.constantFrom(...FORMAT_CHARACTERS), fc.nat(), (address, format, at) => {
        const i = at % (address.length + 1);
        const result = emailSchema.safeParse(`${address.slice(0, i)}${format}${address.slice(i)}`);
        expect(result.success).toBe(false);
        expect(result.error!.issues[0]!.message).toBe(EMAIL_INVALID);
      }),
    );
  });
});

const atGmail = fc
  .tuple(plainAddress, fc.constantFrom('gmail.com', 'GoogleMail.com'))
  .map(([address, domain]) => `${address.slice(0, address.lastIndexOf('@'))}@${domain}`);

describe('mailboxKey', () => {
  it('is idempotent, and the same for an address and its sub-addresses', () => {
    fc.assert(
      fc.property(fc.oneof(plainAddress, atGmail, nearAddress), fc.string({ maxLength: 10 }), (input, tag) => {
        const result = emailSchema.safeParse(input);
        if (!result.success) return;
        const mailbox = mailboxKey(result.data);
        expect(mailboxKey(mailbox)).toBe(mailbox);
        const at = result.data.lastIndexOf('@');
        const tagged = `${result.data.slice(0, at)}+${tag}${result.data.slice(at)}`;
        expect(mailboxKey(tagged)).toBe(mailbox);
      }),
      { numRuns: 1000 },
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
