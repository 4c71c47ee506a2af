/**
 * Throwaway-address providers (mailinator, 10minutemail…), from the community-kept disposable-email-domains
 * list as the `disposable-email-domains-js` package ships it (a dependency update brings new domains). A
 * lead from one is flagged, never refused: the spec lets anyone join, and the admin decides what it is worth.
 */
import { disposableEmailBlocklistSet } from 'disposable-email-domains-js';

let domains: Set<string> | undefined;

/** True when the address's domain, or a domain it is under (`x.mailinator.com`), is a disposable provider. */
export function isDisposableEmail(email: string): boolean {
  domains ??= disposableEmailBlocklistSet();
  const domain = email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
  const labels = domain.split('.');
  // Every suffix with at least two labels: a.b.mailinator.com → a.b.mailinator.com, b.mailinator.com, mailinator.com.
  for (let i = 0; i < labels.length - 1; i++) {
    if (domains.has(labels.slice(i).join('.'))) return true;
  }
  return false;
}
