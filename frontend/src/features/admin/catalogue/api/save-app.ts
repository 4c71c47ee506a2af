import { mutate } from 'swr';
import { apiPost, apiSend } from '../../../../lib/api-client';
import type { AppFields } from '../types';
import { adminAppKey } from './get-admin-app';
import { isAdminAppsKey } from './get-admin-apps';

// POST /api/admin/apps (create) and PATCH /api/admin/apps/:id (edit: the server records only what changed).
export async function createApp(fields: AppFields): Promise<{ id: string; slug: string }> {
  const created = await apiPost<{ id: string; slug: string }>('/admin/apps', fields);
  await mutate(isAdminAppsKey);
  return created;
}

export async function updateApp(id: string, fields: Partial<AppFields>): Promise<void> {
  await apiSend('PATCH', adminAppKey(id), fields);
  await Promise.all([mutate(adminAppKey(id)), mutate(isAdminAppsKey)]);
}
