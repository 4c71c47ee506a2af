import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeImportFailure, importChunks } from './import-chunks';

describe('import chunks', () => {
  it('sends at most 50 apps a request, in order', () => {
    const apps = Array.from({ length: 120 }, (_, i) => ({ name: `App ${i}` }));
    const chunks = importChunks(apps);
    expect(chunks.map((chunk) => chunk.length)).toEqual([50, 50, 20]);
    expect(chunks.flat()).toEqual(apps);
  });

  it('keeps each request under the byte budget', () => {
    const apps = Array.from({ length: 10 }, (_, i) => ({ name: `App ${i}`, description: 'é'.repeat(3000) }));
    for (const chunk of importChunks(apps))
      expect(new TextEncoder().encode(JSON.stringify({ apps: chunk })).length).toBeLessThan(49 * 1024);
  });

  it('keeps every app exactly once, whatever the sizes', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 2000 }), { maxLength: 200 }), fc.integer({ min: 1, max: 60 }), (names, max) => {
        const apps = names.map((name) => ({ name }));
        const chunks = importChunks(apps, max, 8 * 1024);
        expect(chunks.flat()).toEqual(apps);
        expect(chunks.every((chunk) => chunk.length >= 1 && chunk.length <= max)).toBe(true);
      }),
    );
  });

  it("names the app a server error is about, or keeps the server's message", () => {
    const chunk = [{ name: 'First' }, { name: 'Second' }];
    expect(describeImportFailure({ 'apps.1.name': 'Too long' }, 'apps.1.name: Too long', chunk)).toBe('Second (name): Too long');
    expect(describeImportFailure({ 'apps.0.name': 'Too big' }, 'x', [{ name: 'N'.repeat(200) }])).toBe(
      `${'N'.repeat(39)}… (name): Too big`,
    );
    expect(describeImportFailure(undefined, 'An app address was taken meanwhile.', chunk)).toBe('An app address was taken meanwhile.');
  });
});
