import useSWR from 'swr';
import type { ApiError } from '../../../../lib/api-client';
import type { Lead } from '../types';

// GET /api/admin/leads: every lead, newest first.
export const leadsKey = '/admin/leads';

export function useLeads() {
  return useSWR<Lead[], ApiError>(leadsKey);
}
