import { apiPost } from '../../../../lib/api-client';

// POST /api/admin/sitemap/regenerate
export function regenerateSitemap(): Promise<{ urls: number; xml: string }> {
  return apiPost('/admin/sitemap/regenerate');
}
