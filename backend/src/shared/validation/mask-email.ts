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
