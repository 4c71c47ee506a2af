import { describe, expect, it } from 'vitest';
import { coreOf, wordingOf } from './wording.js';

describe('wordingOf', () => {
  it('lower-cases and tidies the spacing, keeping the words', () => {
    expect(wordingOf('  Invoice   Reminder\tTool ')).toBe('invoice reminder tool');
    expect(wordingOf('ＣＲＭ for plumbers')).toBe('crm for plumbers');
  });
});

describe('coreOf', () => {
  it.each([
    ['invoice reminders', 'invoice reminder'],
    ['invoice reminder tool', 'invoice reminder'],
    ['an app for invoice reminders!', 'invoice reminder'],
    ['chase unpaid invoices', 'chase unpaid invoice'],
    ['staff rotas', 'staff rota'],
    ['company policies', 'company policy'],
    ['match batches', 'match batch'],
    ['business status', 'business status'],
  ])('%s → %s', (wording, core) => {
    expect(coreOf(wording)).toBe(core);
  });

  it('keeps a wording of filler words only as it is', () => {
    expect(coreOf('the best app')).toBe('the best app');
    expect(coreOf('???')).toBe('???');
  });
});
