import { describe, expect, it } from 'vitest';
import { EMAIL_INVALID, EMAIL_REQUIRED } from '../../../../contracts/email.js';
import { emailSchema } from '../../../../contracts/form-fields.js';
import { emailKey, mailboxKey } from './email.js';

const refusal = (input: unknown) => {
  const result = emailSchema.safeParse(input);
  return result.success ? `accepted as ${result.data}` : result.error.issues[0]!.message;
};

describe('emailSchema', () => {
  it('normalises a valid address', () => {
    expect(emailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com');
  });

  it.each([
    [undefined, EMAIL_REQUIRED],
    ['', EMAIL_REQUIRED],
    ['   ', EMAIL_REQUIRED],
    ['ada', EMAIL_INVALID],
    ['ada@example', EMAIL_INVALID],
    ['a da@example.com', EMAIL_INVALID],
    [`${'a'.repeat(250)}@example.com`, EMAIL_INVALID],
    ['<script>alert(1)</script>@x.io', EMAIL_INVALID],
    ['"quoted"@example.com', EMAIL_INVALID],
    ['a\u0000b@example.com', EMAIL_INVALID],
    ['ada@exa\u001bmple.com', EMAIL_INVALID],
    ['ada@.', EMAIL_INVALID],
    [42, EMAIL_REQUIRED],
  ])('answers %j with the spec message', (input, message) => {
    expect(refusal(input)).toBe(message);
  });

  it('answers a megabyte of dots, ligatures or Cyrillic letters at once, as invalid', () => {
    const started = performance.now();
    for (const input of [`a@${'.'.repeat(1e6)}b`, `a@b${'.'.repeat(1e6)}`, '\ufb03'.repeat(1e6), `a@${'\u043f'.repeat(1e6)}.com`]) {
      expect(refusal(input)).toBe(EMAIL_INVALID);
    }
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('keys an address without revealing it, the same whatever its case', () => {
    expect(emailKey('Ada@Example.com ')).toBe(emailKey('ada@example.com'));
    expect(emailKey('ada@example.com')).toMatch(/^[0-9a-f]{32}$/);
    expect(emailKey('ada@example.com')).not.toBe(emailKey('bob@example.com'));
  });
});

describe('emailSchema against look-alikes of dup@example.com', () => {
  it.each([
    'dup@example.com.',
    'dup@example.com...',
    'DUP@EXAMPLE.COM',
    'Dup@Example.Com.',
    '  dup@example.com\t',
    '\u3000dup@example.com\u3000',
    '\uff44up@example.com',
    '\uff44\uff55\uff50\uff20\uff45\uff58\uff41\uff4d\uff50\uff4c\uff45\uff0e\uff43\uff4f\uff4d',
    '\uff24\uff35\uff30@EXAMPLE.COM\uff0e',
    'dup@example\u3002com',
    'dup@example.com\u3002',
    'dup@example\uff61com\uff61',
    '\ud835\udc1dup@example.com',
  ])('reads %j as dup@example.com', (input) => {
    expect(emailSchema.parse(input)).toBe('dup@example.com');
  });

  const zeroWidth = {
    'zero-width space': '\u200b',
    'zero-width non-joiner': '\u200c',
    'zero-width joiner': '\u200d',
    'word joiner': '\u2060',
    'invisible separator': '\u2063',
    'byte order mark': '\ufeff',
    'soft hyphen': '\u00ad',
    'Mongolian vowel separator': '\u180e',
    'combining grapheme joiner': '\u034f',
    'variation selector 16': '\ufe0f',
    'Hangul filler': '\u3164',
    'tag letter A': '\u{e0041}',
  };
  const bidi = {
    'left-to-right mark': '\u200e',
    'right-to-left mark': '\u200f',
    'Arabic letter mark': '\u061c',
    'left-to-right embedding': '\u202a',
    'right-to-left embedding': '\u202b',
    'pop directional formatting': '\u202c',
    'left-to-right override': '\u202d',
    'right-to-left override': '\u202e',
    'left-to-right isolate': '\u2066',
    'right-to-left isolate': '\u2067',
    'first strong isolate': '\u2068',
    'pop directional isolate': '\u2069',
  };
  const invisible = Object.entries({ ...zeroWidth, ...bidi });
  const places: [string, (c: string) => string][] = [
    ['in the local part', (c) => `dup${c}@example.com`],
    ['in the domain', (c) => `dup@exam${c}ple.com`],
    ['before the @', (c) => `dup@${c}example.com`],
    ['at the start', (c) => `${c}dup@example.com`],
    ['at the end', (c) => `dup@example.com${c}`],
  ];

  it.each(invisible.flatMap(([name, c]) => places.map(([where, put]) => [name, where, put(c)] as const)))(
    'refuses a %s %s',
    (_name, _where, input) => {
      expect(refusal(input)).toBe('Please enter a valid email address.');
    },
  );

  it('refuses an address that is only an invisible character as invalid, not as missing', () => {
    expect(refusal('\u200b')).toBe(EMAIL_INVALID);
    expect(refusal(' \ufeff ')).toBe(EMAIL_INVALID);
  });

  it.each([
    ['a Cyrillic е in a Latin label', 'dup@exampl\u0435.com'],
    ['a Greek α in a Latin label', 'dup@ex\u03b1mple.com'],
    ['a Greek ο in a Latin top-level label', 'dup@example.c\u03bfm'],
    ['a Cyrillic top-level label after a Latin one', 'dup@example.\u0441\u043em'],
    ['a Latin top-level label after a Cyrillic one', 'dup@\u043f\u0440\u0438\u043c\u0435\u0440.com'],
    ['a Greek letter in a Cyrillic domain', 'dup@\u043f\u0440\u0438\u03bc\u0435\u0440.\u0440\u0444'],
    ['a Cherokee letter in a Latin domain', 'dup@\u13acxample.com'],
    ['an upper-case Cyrillic letter in a Latin label', 'dup@EXAMPL\u0415.COM'],
    ['a mixed label spelled in punycode', 'dup@xn--exampl-8of.com'],
  ])('refuses a domain with %s', (_name, input) => {
    expect(refusal(input)).toBe(EMAIL_INVALID);
  });

  it.each([
    'ada@example.com',
    'a.b+c_d-e@sub.example.co.uk',
    '\u0438\u0432\u0430\u043d@\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444',
    'dup@\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444',
    'dup@\u043f\u0440\u0438\u043c\u0435\u04401.\u0440\u0444',
    'dup@xn--e1afmkfd.xn--p1ai',
    '\u03b4\u03bf\u03ba\u03b9\u03bc\u03ae@\u03c0\u03b1\u03c1\u03ac\u03b4\u03b5\u03b9\u03b3\u03bc\u03b1.\u03b4\u03bf\u03ba\u03b9\u03bc\u03ae',
    'user@m\u00fcller.de',
    '\u7528\u6237@\u4f8b\u5b50.\u5e7f\u544a',
    '\u30e6\u30fc\u30b6\u30fc@\u4f8b\u3048.jp',
    '\uc0ac\uc6a9\uc790@\uc608\uc2dc.\ud55c\uad6d',
  ])('accepts %j unchanged', (input) => {
    expect(emailSchema.parse(input)).toBe(input);
  });

  it('composes a letter written with a combining mark', () => {
    expect(emailSchema.parse('user@mu\u0308ller.de')).toBe('user@m\u00fcller.de');
  });
});

describe('mailboxKey', () => {
  it.each([
    ['jo.hn+promo@googlemail.com', 'john@gmail.com'],
    ['john@gmail.com', 'john@gmail.com'],
    ['j.o.h.n@gmail.com', 'john@gmail.com'],
    ['john+a+b@gmail.com', 'john@gmail.com'],
    ['ann+x@example.com', 'ann@example.com'],
    ['ann+x+y@example.com', 'ann@example.com'],
    ['a.nn@example.com', 'a.nn@example.com'],
    ['a.nn+x@example.com', 'a.nn@example.com'],
    ['jo.hn@gmail.com.au', 'jo.hn@gmail.com.au'],
    ['jo.hn@mail.gmail.com', 'jo.hn@mail.gmail.com'],
    [
      '\u0438\u0432\u0430\u043d+x@\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444',
      '\u0438\u0432\u0430\u043d@\u043f\u0440\u0438\u043c\u0435\u0440.\u0440\u0444',
    ],
  ])('reads %j as the mailbox %j', (address, mailbox) => {
    expect(mailboxKey(address)).toBe(mailbox);
  });

  it('is the same person for every sub-address of a canonical address', () => {
    expect(mailboxKey(emailSchema.parse('Jo.Hn+promo@GoogleMail.com'))).toBe('john@gmail.com');
    expect(mailboxKey(emailSchema.parse(' \uff2a\uff4f.hn+x@gmail.com. '))).toBe('john@gmail.com');
  });
});
