import { apiPost } from '../../../lib/api-client';

// POST /api/apps/:id/views (202): one AppViewed event per visit of an app page. Fire-and-forget: a lost
// view must never disturb the visitor, so a failure is only logged.
export function recordAppView(appId: string): void {
  apiPost<unknown>(`/apps/${encodeURIComponent(appId)}/views`, undefined).catch((error: unknown) => {
    console.error('Could not record the app view', error);
  });
}
