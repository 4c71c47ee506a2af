/**
 * The newsletter (POST /api/newsletter/subscriptions): the request the API validates and the answer it
 * documents in OpenAPI. The SPA imports the types only.
 */
import { z } from 'zod';
import { emailSchema, honeypotSchema, sourcePageSchema } from '../form-fields.js';

export const subscribeNewsletterRequestSchema = z.strictObject({
  email: emailSchema,
  /** The path the visitor subscribed from, for attribution in the admin console. */
  source_page: sourcePageSchema,
  website: honeypotSchema,
});
export type SubscribeNewsletterRequest = z.input<typeof subscribeNewsletterRequestSchema>;

/** The same answer whether the address was new (201) or already subscribed (200). */
export const newsletterSubscriptionSchema = z.object({ subscribed: z.literal(true) });
export type NewsletterSubscription = z.output<typeof newsletterSubscriptionSchema>;
