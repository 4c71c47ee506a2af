/**
 * The big public mail providers: anyone can have an address there, so many friends of one referrer at one of
 * them is no pattern. Friends of one referrer clustered at any other domain (a fresh domain with a catch-all
 * mailbox makes endless addresses) are flagged to the admin (lead-standing.ts). A fixed list of the largest
 * providers: a small provider missing from it can at worst raise a flag, never refuse anyone.
 */
export const PUBLIC_MAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'hotmail.co.uk',
  'hotmail.fr',
  'live.com',
  'msn.com',
  'yahoo.com',
  'yahoo.co.uk',
  'yahoo.fr',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'gmx.com',
  'gmx.net',
  'gmx.de',
  'web.de',
  'mail.com',
  'zoho.com',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'qq.com',
  '163.com',
  '126.com',
  'naver.com',
  'orange.fr',
  'free.fr',
  'laposte.net',
  'libero.it',
  'uol.com.br',
  'bol.com.br',
  'terra.com.br',
  'fastmail.com',
  'tutanota.com',
  'hey.com',
]);

/** The domain of a canonical address (what follows its last @). */
export function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}
