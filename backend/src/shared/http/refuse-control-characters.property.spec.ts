/** Properties of the control-character guard (fast-check) that every /api request passes through. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findControlCharacters } from './refuse-control-characters.js';

const CONTROL = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u000e',
  '\u001b',
  '\u001f',
  '\u007f',
  '\ud800',
  '\udfff',
);
/** Text people write: any Unicode but the refused characters; tab and line breaks allowed. */
const clean = fc
  .string({ unit: fc.oneof(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }), fc.constantFrom('\t', '\n', '\r')), maxLength: 40 })
  .filter(
    (text) =>
      !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(text),
  );
const json = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, clean, fc.integer(), fc.boolean(), fc.constant(null), tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(clean, tie('value'), { maxKeys: 4 }),
})).value;

describe('findControlCharacters', () => {
  it('lets any JSON of ordinary text through', () => {
    fc.assert(
      fc.property(json, (value) => {
        expect(findControlCharacters(value)).toBeNull();
      }),
      { numRuns: 500 },
    );
  });

  it('finds a refused character wherever it is, and names the field', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.stringMatching(/^[a-z]{1,8}$/), clean, { minKeys: 1, maxKeys: 5 }),
        CONTROL,
        fc.nat(),
        fc.nat(),
        (object, bad, k, at) => {
          const keys = Object.keys(object);
          const key = keys[k % keys.length]!;
          const text = object[key]!;
          const i = at % (text.length + 1);
          expect(findControlCharacters({ ...object, [key]: `${text.slice(0, i)}${bad}${text.slice(i)}` })).toBe(key);
          expect(findControlCharacters({ outer: [{ [key]: bad }] })).toBe(`outer.0.${key}`);
        },
      ),
    );
  });
});
