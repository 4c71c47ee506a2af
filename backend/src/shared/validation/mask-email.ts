/**
 * How the public leaderboard shows a referrer: the first two characters of the local part (one, if it is that
 * short), three stars, and the domain: 'john@example.com' → 'jo***@example.com'. Enough for people to spot
 * themselves, not enough to harvest addresses.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  const local = email.slice(0, at);
  const shown = [...local].slice(0, local.length <= 2 ? 1 : 2).join('');
  return `${shown}***${email.slice(at)}`;
}

/**
 * Every e-mail address in a piece of text (a log line, an error, a URL path), masked as maskEmail does, also
 * when its `@` is percent-encoded (`%40`, as in `?email=` links): for logs, which must not hold addresses.
 */
export function maskAddressesIn(text: string): string {
  return text.replace(/[A-Za-z0-9._%+-]+(@|%40)([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+)/gi, (address, at: string, domain: string) =>
    maskEmail(`${address.slice(0, address.length - at.length - domain.length)}@${domain}`),
  );
}
