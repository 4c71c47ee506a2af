/**
 * The first administrator's setup page (/setup?token=…): what it sends to /api/setup/first-admin and the
 * answers it shows. The password rule and messages are sign-up's.
 */
import { z } from 'zod';
import { emailSchema } from '../form-fields.js';
import { newPassword } from './forms.js';

/** 403 SETUP.LINK_INVALID: a wrong or used token, or an administrator exists already. */
export const SETUP_LINK_INVALID =
  'This setup link is not valid or has been used. To create an administrator, run: npm run admin:grant -- <email> --password <password>';
export const SETUP_LINK_INCOMPLETE = 'The setup link is incomplete. Please open the link printed by npm start again.';
export const SETUP_ADDRESS_TAKEN =
  'An account already uses this address. Make it an administrator with npm run admin:grant -- <email>, or choose another address.';

const setupToken = z.string({ error: SETUP_LINK_INCOMPLETE }).min(1, SETUP_LINK_INCOMPLETE).max(200, SETUP_LINK_INCOMPLETE);

export const firstAdminRequestSchema = z.strictObject({ token: setupToken, email: emailSchema, password: newPassword });
export type FirstAdminRequest = z.input<typeof firstAdminRequestSchema>;

export const firstAdminLinkQuerySchema = z.object({ token: setupToken });

/** Whether the link can still create the first administrator. */
export const firstAdminLinkSchema = z.strictObject({ valid: z.boolean() });
export type FirstAdminLink = z.infer<typeof firstAdminLinkSchema>;
