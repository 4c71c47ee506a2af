import { describe, expect, it } from 'vitest';
import { describeAuditEvent } from './audit-descriptions.js';

describe('describeAuditEvent', () => {
  it('describes a Search Console CSV import with its row count and period', () => {
    const firstRow = { startDate: '2026-11-01', endDate: '2026-11-07', query: 'x', clicks: 1, impressions: 2, position: 3 };
    expect(describeAuditEvent('SearchQueryStatsRecorded', { source: 'csv', rowCount: 3, firstRow })).toBe(
      'Imported 3 search queries from a Search Console CSV (2026-11-01 to 2026-11-07)',
    );
    expect(describeAuditEvent('SearchQueryStatsRecorded', { source: 'search-console', rowCount: 1, firstRow })).toBe(
      'Fetched 1 search query from Search Console (2026-11-01 to 2026-11-07)',
    );
  });

  it("describes the console's changes without repeating personal data", () => {
    expect(describeAuditEvent('AppUpdated', { id: 'a', changes: { name: 'X', app_url: 'https://x.test' } })).toBe(
      'Edited an app (name, app_url)',
    );
    expect(describeAuditEvent('LeadDeleted', { leadId: 'l', email: 'someone@example.com' })).toBe('Deleted a lead');
    expect(describeAuditEvent('QuickQuestionUpdated', { questionId: 'q', status: 'replied', adminNotes: 'ok' })).toBe(
      'Set a question to replied and saved its notes',
    );
    expect(describeAuditEvent('SuggestionStatusChanged', { suggestionId: 's', status: 'triaged' })).toBe('Set a suggestion to triaged');
  });

  it('describes what an account did to itself with a link, and roles', () => {
    expect(describeAuditEvent('PasswordReset', { userId: 'u', resetId: 'r' })).toBe(
      'Chose a new password with a reset link (every session of the account ended)',
    );
    expect(describeAuditEvent('EmailConfirmed', { userId: 'u', via: 'password-reset' })).toBe(
      'Confirmed the address by following a password reset link',
    );
    expect(describeAuditEvent('RoleRevoked', { userId: 'u', role: 'admin', revokedBy: 'operator' })).toBe('Took back the admin role');
  });

  it('falls back to the event type when it has no description', () => {
    expect(describeAuditEvent('SomethingNew', { a: 1 })).toBe('SomethingNew');
  });

  it('never fails on data of an unexpected shape', () => {
    expect(describeAuditEvent('SearchQueryStatsRecorded', {})).toBe('Fetched 0 search queries from Search Console');
  });
});
