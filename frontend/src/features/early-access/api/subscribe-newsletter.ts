import { apiPost } from '../../../lib/api-client';

// POST /api/newsletter/subscriptions. No schema library here: the footer form is on every page, zod's core
// would cost the first load several kilobytes, and the form's own check (validation.ts) plus the server's
// (which answers 400 with the field) already cover the one field.
export interface SubscribeNewsletterInput {
  email: string;
  /** The path the visitor subscribed from, for attribution in the admin console. */
  source_page: string;
  /** The honeypot, only when a bot filled it. */
  website?: string;
}

export function subscribeNewsletter(input: SubscribeNewsletterInput): Promise<unknown> {
  return apiPost<unknown>('/newsletter/subscriptions', {
    email: input.email.trim(),
    source_page: input.source_page.slice(0, 2048),
    website: input.website,
  });
}
