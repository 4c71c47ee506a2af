import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importChunks } from './import-chunks';

describe('import chunks', () => {
  it('sends at most 100 rows a request, in order', () => {
    const apps = Array.from({ length: 1000 }, (_, i) => ({ name: `App ${i}` }));
    const chunks = importChunks(apps);
    expect(chunks.map((chunk) => chunk.length)).toEqual(Array(10).fill(100));
    expect(chunks.flat()).toEqual(apps);
  });

  it('keeps each request under the byte budget', () => {
    const apps = Array.from({ length: 100 }, (_, i) => ({ name: `App ${i}`, description: 'é'.repeat(10_000) }));
    const chunks = importChunks(apps);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) expect(new TextEncoder().encode(JSON.stringify({ rows: chunk })).length).toBeLessThan(2 * 1024 * 1024);
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
});
