/**
 * The e-mail check of the early-access forms (newsletter, lead, referral link, quiz), with the spec's toast
 * texts: the API's rule and messages (contracts/email.ts), checked before sending to catch typos fast.
 */
import { EMAIL_INVALID, EMAIL_REQUIRED, isValidEmail } from '../../../../contracts/email';

export interface ValidationMessage {
  title: string;
  description: string;
}

/** The one field of the early-access forms, by the API's name, with its label (a refusal goes under it). */
export const EMAIL_FIELD = { email: 'Email' };

/** The toast to show for `email`, or null when it may be sent. */
export function validateEmail(email: string): ValidationMessage | null {
  if (email.trim() === '') return { title: 'Email required', description: EMAIL_REQUIRED };
  if (!isValidEmail(email)) return { title: 'Invalid email', description: EMAIL_INVALID };
  return null;
}
