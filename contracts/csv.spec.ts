import { describe, expect, it } from 'vitest';
import { spreadsheetSafe, startsFormula } from './csv.js';

describe('spreadsheetSafe', () => {
  it.each([
    '=1+1',
    '+1',
    '-1',
    '@SUM(A1)',
    '\t=1',
    '\r=1',
    ' =1',
    '\u0000=1',
    '\u001b=1',
    ' \t @x',
    '\u0085=1',
    '\u200b=1',
    '\u202e\u200f+1',
    '\u2060@x',
  ])('writes %j as text', (cell) => {
    expect(startsFormula(cell)).toBe(true);
    expect(spreadsheetSafe(cell)).toBe(`'${cell}`);
  });

  it.each(['ada@example.com', '/c/finance', 'Invoice Chaser', '', ' plain', "'=already"])('keeps %j as it is', (cell) => {
    expect(startsFormula(cell)).toBe(false);
    expect(spreadsheetSafe(cell)).toBe(cell);
  });
});
