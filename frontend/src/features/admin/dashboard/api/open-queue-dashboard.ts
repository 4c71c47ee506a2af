import { apiPost } from '../../../../lib/api-client';

/**
 * POST /api/admin/queues/session sets the short-lived cookie that lets a plain browser navigation (which
 * carries no bearer token) into the queue dashboard; answers where to go.
 */
export function openQueueDashboardSession(): Promise<{ url: string }> {
  return apiPost('/admin/queues/session');
}
