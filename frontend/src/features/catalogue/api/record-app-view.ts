import type { AppViewInput } from '../../../../../contracts/catalogue/app';
import { appViewsPath } from '../../../../../contracts/catalogue/keys';
import { apiPost } from '../../../lib/api-client';
import { getSessionId, randomId } from '../../../lib/analytics/session';

// POST /api/apps/:id/views (202): the view of an app's page, counted by the server (which bounds what one
// client counts), named by an id of its own so that a request sent again counts once. Fire-and-forget: a lost view must never disturb the visitor, so a failure is
// only logged. The page a visit lands on has its view sent by the page's inline part as it loads
// (lib/analytics/landing.ts), before this code has run; the app page does not send it again.
export function recordAppView(appId: string): void {
  const body: AppViewInput = { sessionId: getSessionId(), viewId: randomId() };
  apiPost<unknown>(appViewsPath(appId), body).catch((error: unknown) => {
    console.error('Could not record the app view', error);
  });
}
