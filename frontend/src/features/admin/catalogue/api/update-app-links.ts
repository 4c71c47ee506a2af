import { mutate } from 'swr';
import { apiSend } from '../../../../lib/api-client';
import type { AppLinks } from '../types';
import { adminAppKey } from './get-admin-app';
import { isAdminAppsKey } from './get-admin-apps';

// PUT /api/admin/apps/:id/links: the App Links tab's four fields.
export async function updateAppLinks(id: string, links: AppLinks): Promise<void> {
  await apiSend('PUT', `${adminAppKey(id)}/links`, links);
  await Promise.all([mutate(adminAppKey(id)), mutate(isAdminAppsKey)]);
}
