/**
 * The feedback dialogs' own checks and toast texts (spec §5); the rules and messages they share with the
 * API are in contracts/email.ts and contracts/feedback/fields.ts.
 */
import { EMAIL_INVALID } from '../../../../contracts/email';

export interface ValidationMessage {
  title: string;
  description: string;
}

export const INVALID_EMAIL: ValidationMessage = {
  title: 'Invalid email',
  description: EMAIL_INVALID,
};

export function isBlank(value: string): boolean {
  return value.trim() === '';
}
