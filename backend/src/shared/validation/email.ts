/**
 * Who an address is, for the API's own bookkeeping: the mailbox it delivers to and the key its streams are
 * named by (never the address itself). The address is checked and spelled canonically by the forms' e-mail
 * schema (contracts/form-fields.ts).
 */
import { createHash } from 'node:crypto';

/**
 * The mailbox a canonical address delivers to, so sub-addresses count as one person: without its `+tag`,
 * and for Gmail (which ignores dots in its names and serves googlemail.com too) without dots, at gmail.com.
 * Other domains may give dots meaning, so theirs stay.
 */
export function mailboxKey(canonicalEmail: string): string {
  const at = canonicalEmail.lastIndexOf('@');
  if (at < 0) return canonicalEmail;
  const domain = canonicalEmail.slice(at + 1);
  const local = canonicalEmail.slice(0, at).split('+')[0]!;
  return domain === 'gmail.com' || domain === 'googlemail.com' ? `${local.replaceAll('.', '')}@gmail.com` : `${local}@${domain}`;
}

/** A stable, non-reversible key for an address, for stream ids. */
export function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}
