import type { NewsletterSubscription, SubscribeNewsletterRequest } from '../../../../../contracts/early-access/newsletter';
import { apiPost } from '../../../lib/api-client';

// POST /api/newsletter/subscriptions. The contract's types only, no schema library: the footer form is on every
// page, zod's core would cost the first load several kilobytes, and the form's own check (validation.ts) plus
// the server's (which answers 400 with the field) already cover the one field. The honeypot (website) is sent
// only when a bot filled it.
export function subscribeNewsletter(input: SubscribeNewsletterRequest): Promise<NewsletterSubscription> {
  const request: SubscribeNewsletterRequest = {
    email: input.email.trim(),
    source_page: input.source_page?.slice(0, 2048),
    website: input.website,
  };
  return apiPost<NewsletterSubscription>('/newsletter/subscriptions', request);
}
