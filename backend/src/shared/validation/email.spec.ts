import { describe, expect, it } from 'vitest';
import { EMAIL_INVALID, EMAIL_REQUIRED, emailKey, emailSchema } from './email.js';

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
    [42, EMAIL_REQUIRED],
  ])('refuses %j with the spec message', (input, message) => {
    const result = emailSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(message);
  });

  it('keys an address without revealing it, the same whatever its case', () => {
    expect(emailKey('Ada@Example.com ')).toBe(emailKey('ada@example.com'));
    expect(emailKey('ada@example.com')).toMatch(/^[0-9a-f]{32}$/);
    expect(emailKey('ada@example.com')).not.toBe(emailKey('bob@example.com'));
  });
});
