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
    ['invoice reminders', 'invoice'],
    ['invoice reminder tool', 'invoice'],
    ['an app for invoice reminders!', 'invoice'],
    ['chase unpaid invoices', 'chase unpaid invoice'],
    ['staff rotas', 'staff rota'],
    ['stock tracker for small business', 'stock'],
    ['expense tracking spreadsheet', 'expense'],
    ['company policies', 'company policy'],
    ['match batches', 'match batch'],
    ['census status', 'census status'],
  ])('%s → %s', (wording, core) => {
    expect(coreOf(wording)).toBe(core);
  });

  it('keeps a wording of filler words only as it is', () => {
    expect(coreOf('the best app')).toBe('the best app');
    expect(coreOf('planner')).toBe('planner');
    expect(coreOf('???')).toBe('???');
  });
});
