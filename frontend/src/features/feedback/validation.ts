/**
 * The feedback dialogs' own checks and toast texts (spec §5), on the API's rules and messages
 * (contracts/email.ts, contracts/feedback/fields.ts).
 */
import { EMAIL_INVALID, isValidEmail } from '../../../../contracts/email';
import { MESSAGE_MAX_LENGTH } from '../../../../contracts/feedback/fields';

export { isValidEmail, MESSAGE_MAX_LENGTH };

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
