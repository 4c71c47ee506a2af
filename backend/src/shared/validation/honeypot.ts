/**
 * The honeypot every public write form carries: a text field named `website`, hidden from people (off
 * screen, aria-hidden, out of the tab order, autocomplete off) but filled in by form-filling bots.
 *
 * When it is filled the server answers exactly as it would for a success and writes nothing. The usual
 * anti-spam advice is to fail silently: an error (400, 403) tells the bot's author which field gave it away,
 * and a bot that sees a success does not retry with variations. The field is accepted (not refused as
 * unknown) for the same reason. A person never sees it, so no person is turned away.
 */
import { z } from 'zod';

/** Any text, up to a size the body limit would allow anyway; only whether it is blank matters. */
export const honeypotSchema = z.string({ error: 'Must be text.' }).max(2048, 'At most 2048 characters.').nullish();

/** True when a bot filled the trap. */
export function caughtInHoneypot(input: { website?: string | null | undefined }): boolean {
  return Boolean(input.website?.trim());
}
