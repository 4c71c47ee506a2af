/** Properties of the visitor message forms' rules (fast-check): any input is refused clearly or cleaned. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH } from '../../../contracts/feedback/fields.js';
import { developerInquiryInput, quickQuestionInput, suggestionInput } from '../../../contracts/feedback/forms.js';

const field = fc.oneof(
  fc.string({ maxLength: 600 }),
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.integer(),
  fc.constant(null),
  fc.anything({ maxDepth: 1 }),
);
const address = fc.emailAddress().filter((a) => !/[\s<>()[\]\\,;:"]/.test(a) && a.length <= 254);
const words = (max: number) => fc.string({ minLength: 1, maxLength: max }).filter((s) => s.trim().length > 0);

describe('the feedback inputs, for any body', () => {
  it.each([
    ['suggestion', suggestionInput, ['email', 'suggestion_text', 'category', 'source_page']],
    ['quick question', quickQuestionInput, ['name', 'email', 'message']],
    ['developer inquiry', developerInquiryInput, ['name', 'email', 'message', 'portfolio_url', 'linkedin_url']],
  ] as const)('the %s form never throws; accepted input is trimmed, bounded and has only its own fields', (_, schema, keys) => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...keys, 'role', '__proto__', 'extra'), field), (body) => {
        const result = schema.safeParse(body);
        if (!result.success) {
          for (const issue of result.error.issues) expect(issue.message.length).toBeGreaterThan(0);
          return;
        }
        for (const [key, value] of Object.entries(result.data)) {
          expect(keys as readonly string[]).toContain(key);
          if (typeof value === 'string') {
            expect(value).toBe(value.trim());
            expect(value.length).toBeLessThanOrEqual(5000);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('accepts every complete question, trimmed, and refuses one field too long with its limit', () => {
    fc.assert(
      fc.property(words(100), address, words(MESSAGE_MAX_LENGTH), (name, email, message) => {
        const result = quickQuestionInput.safeParse({ name: ` ${name} `, email, message });
        expect(result.success).toBe(true);
        expect(result.data).toEqual({ name: name.trim(), email: email.toLowerCase(), message: message.trim() });
        const long = quickQuestionInput.safeParse({ name, email, message: `${message.trim()}${'x'.repeat(MESSAGE_MAX_LENGTH)}` });
        expect(long.error?.issues[0]).toMatchObject({ path: ['message'], message: `At most ${MESSAGE_MAX_LENGTH} characters.` });
      }),
    );
  });
});
