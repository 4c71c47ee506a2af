import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-body.js';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('nestsDeeperThan', () => {
  it('counts objects and arrays inside each other', () => {
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
    expect(nestsDeeperThan('{"a":{"b":[1,{"c":[]}]}}', 5)).toBe(false);
    expect(nestsDeeperThan('{"a":{"b":[1,{"c":[]}]}}', 4)).toBe(true);
  });

  it('counts siblings once, not their sum', () => {
    expect(nestsDeeperThan(`[${Array.from({ length: 1000 }, () => nested(3)).join(',')}]`, 4)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(nestsDeeperThan(JSON.stringify({ text: '[[[[{{{{' }), 1)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ text: 'say \\"[[[[\\" \\\\' }), 1)).toBe(false);
    expect(nestsDeeperThan(`{"a\\"[":[[1]]}`, 2)).toBe(true);
  });

  it('measures 100,000 levels without building them', () => {
    expect(nestsDeeperThan(nested(100_000), MAX_JSON_DEPTH)).toBe(true);
  });
});
