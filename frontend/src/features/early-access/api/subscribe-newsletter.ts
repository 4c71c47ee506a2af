import * as z from 'zod/mini';
import { apiPost } from '../../../lib/api-client';
import { EMAIL_PATTERN } from '../validation';

// POST /api/newsletter/subscriptions. The schema repeats the form's check so a caller that skipped it
// fails here, before a request, rather than with a 400. zod/mini because the footer form is on every page,
// and the full zod would add some 80 kB to the first load.
export const subscribeNewsletterInput = z.object({
  email: z.string().check(z.trim(), z.regex(EMAIL_PATTERN)),
  /** The path the visitor subscribed from, for attribution in the admin console. */
  source_page: z.string().check(z.maxLength(2048)),
});

export type SubscribeNewsletterInput = z.input<typeof subscribeNewsletterInput>;

export function subscribeNewsletter(input: SubscribeNewsletterInput): Promise<unknown> {
  return apiPost<unknown>('/newsletter/subscriptions', subscribeNewsletterInput.parse(input));
}
