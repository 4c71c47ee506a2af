import { describe, expect, it } from 'vitest';
import { sourcePageSchema } from './form-fields.js';

describe('sourcePageSchema', () => {
  it.each([
    ['CR', '/a\r=1+1'],
    ['LF', '/a\n'],
    ['CRLF', '\r\n'],
    ['tab', '\t=1'],
    ['NUL', '/a\u0000'],
    ['ESC', '\u001b[31m/a'],
    ['DEL', '/a\u007f'],
    ['NEL (C1)', '/a\u0085'],
    ['line separator', '/a\u2028=1'],
    ['paragraph separator', '\u2029'],
  ])('refuses a control character (%s), at either end too', (_, page) => {
    const result = sourcePageSchema.safeParse(page);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe('Control characters are not allowed.');
  });

  it('keeps a page as it is, trimmed of spaces and cut to 300 characters, and no page as null', () => {
    expect(sourcePageSchema.parse('  /c/finance?q=a,b "c" =1  ')).toBe('/c/finance?q=a,b "c" =1');
    expect(sourcePageSchema.parse(`/${'x'.repeat(2000)}`)).toHaveLength(300);
    expect(sourcePageSchema.parse('')).toBeNull();
    expect(sourcePageSchema.parse(undefined)).toBeNull();
    expect(sourcePageSchema.parse('/é/😀')).toBe('/é/😀');
  });
});
