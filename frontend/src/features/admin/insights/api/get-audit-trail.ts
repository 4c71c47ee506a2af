import useSWR from 'swr';
import type { AuditEntry, AuditTrail } from '../../../../../../contracts/identity/audit';
import type { ApiError } from '../../../../lib/api-client';

// GET /api/admin/audit: the events administrators caused (who, what, when, which record), newest first, a
// page at a time; `subject` narrows it to the changes of one entity (e.g. a lead).
export type { AuditEntry, AuditTrail };

export function auditTrailKey(options: { page?: number; pageSize?: number; subject?: string }): string {
  const query = new URLSearchParams();
  if (options.page && options.page > 1) query.set('page', String(options.page));
  if (options.pageSize) query.set('pageSize', String(options.pageSize));
  if (options.subject) query.set('subject', options.subject);
  const search = query.toString();
  return `/admin/audit${search ? `?${search}` : ''}`;
}

export function useAuditTrail(options: { page?: number; pageSize?: number; subject?: string }) {
  return useSWR<AuditTrail, ApiError>(auditTrailKey(options), { keepPreviousData: true });
}
