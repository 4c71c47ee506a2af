/**
 * What each kind of admin change reads as in the audit trail. A new admin command adds one line here for
 * its event type; a type without one is shown by its name, so nothing is ever hidden from the trail.
 * `data` is the event's data as stored, except that a `rows` array (bulk recordings) arrives as its
 * length `rowCount` and its first element `firstRow`, so that a page of the trail stays small.
 */
type Describe = (data: Record<string, unknown>) => string;

const text = (value: unknown, fallback = '?') => (typeof value === 'string' || typeof value === 'number' ? String(value) : fallback);

const period = (data: Record<string, unknown>) => {
  const row = (data.firstRow ?? {}) as Record<string, unknown>;
  return row.startDate ? ` (${text(row.startDate)} to ${text(row.endDate)})` : '';
};

const plural = (n: unknown, one: string, many: string) => `${text(n, '0')} ${n === 1 ? one : many}`;

const changedFields = (data: Record<string, unknown>) => Object.keys((data.changes ?? {}) as object).join(', ') || 'nothing';

export const auditDescriptions: Record<string, Describe> = {
  AppAdded: (data) => `Added the app ${text(data.name)}`,
  AppUpdated: (data) => `Edited an app (${changedFields(data)})`,
  AppDeactivated: () => 'Deactivated an app',
  AppReactivated: () => 'Reactivated an app',
  // The lead's address is not repeated here: the trail outlives an erasure of the person.
  LeadDeleted: () => 'Deleted a lead',
  ReferralVoided: (data) =>
    `Voided a referral to the code ${text(data.referrerCode)}${data.wasCredited === true ? ' (its credit taken back)' : ''}`,
  SuggestionStatusChanged: (data) => `Set a suggestion to ${text(data.status)}`,
  QuickQuestionUpdated: (data) => `Set a question to ${text(data.status)}${data.adminNotes === undefined ? '' : ' and saved its notes'}`,
  DeveloperInquiryUpdated: (data) =>
    `Set a developer inquiry to ${text(data.status)}${data.adminNotes === undefined ? '' : ' and saved its notes'}`,
  PersonalDataErased: () => "Erased a person's data (address, name and messages)",
  // An account acting on itself through a link sent to its address.
  PasswordReset: () => 'Chose a new password with a reset link (every session of the account ended)',
  EmailConfirmed: (data) =>
    data.via === 'password-reset' ? 'Confirmed the address by following a password reset link' : 'Confirmed the address',
  RoleGranted: (data) => `Granted the ${text(data.role)} role`,
  RoleRevoked: (data) => `Took back the ${text(data.role)} role`,
  SitemapRegenerated: (data) => `Regenerated sitemap.xml (${plural(data.urls, 'URL', 'URLs')})`,
  DemandGroupsMerged: (data) => `Merged the unmet needs "${text(data.a)}" and "${text(data.b)}"`,
  DemandWordingSplit: (data) => `Split "${text(data.core)}" off its unmet need`,
  DemandGroupMarked: (data) =>
    data.status === 'built'
      ? `Marked the unmet need "${text(data.label)}" built (served by ${text(data.appSlug)})`
      : `Marked the unmet need "${text(data.label)}" ${text(data.status)}`,
  SearchQueryStatsRecorded: (data) =>
    data.source === 'csv'
      ? `Imported ${plural(data.rowCount, 'search query', 'search queries')} from a Search Console CSV${period(data)}`
      : `Fetched ${plural(data.rowCount, 'search query', 'search queries')} from Search Console${period(data)}`,
};

export function describeAuditEvent(type: string, data: Record<string, unknown>): string {
  const describe = auditDescriptions[type];
  if (!describe) return type;
  try {
    return describe(data);
  } catch {
    return type;
  }
}
