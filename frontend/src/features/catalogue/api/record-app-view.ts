import type { AppViewInput } from '../../../../../contracts/catalogue/app';
import { apiPost } from '../../../lib/api-client';
import { getSessionId } from '../../../lib/analytics/session';

// POST /api/apps/:id/views (202): the visit's view of an app page, counted once per app and session by the
// server. Fire-and-forget: a lost view must never disturb the visitor, so a failure is only logged.
export function recordAppView(appId: string): void {
  const body: AppViewInput = { sessionId: getSessionId() };
  apiPost<unknown>(`/apps/${encodeURIComponent(appId)}/views`, body).catch((error: unknown) => {
    console.error('Could not record the app view', error);
  });
}
