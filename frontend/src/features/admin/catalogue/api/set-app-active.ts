import { mutate } from 'swr';
import { apiPost } from '../../../../lib/api-client';
import { adminAppKey } from './get-admin-app';
import { isAdminAppsKey } from './get-admin-apps';

// POST /api/admin/apps/:id/deactivate (soft delete) and /reactivate.
export async function setAppActive(id: string, active: boolean): Promise<void> {
  await apiPost(`${adminAppKey(id)}/${active ? 'reactivate' : 'deactivate'}`);
  await Promise.all([mutate(adminAppKey(id)), mutate(isAdminAppsKey)]);
}
