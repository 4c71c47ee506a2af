/**
 * How a search or a suggestion is compared with others. The wording is the text as the visitor wrote it,
 * lower-cased and with its spacing tidied: what the admin reads and what a group's label is chosen from. The
 * core is the wording without what says nothing about the need (filler words such as "tool" or "for",
 * punctuation, plural endings): the text pg_trgm compares, so "invoice reminders" and "Invoice reminder
 * tool" are one core and "chase unpaid invoices" a near neighbour.
 */
export const MAX_WORDING = 200;

const FILLER = new Set(
  (
    'a an the and or for to of in on at with by from my our your me i we need want looking something some that which ' +
    'tool tools app apps application software program system platform online free best simple easy ai way help'
  ).split(' '),
);

export function wordingOf(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim().slice(0, MAX_WORDING);
}

export function coreOf(wording: string): string {
  const words = wording
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .split(' ')
    .filter((word) => word !== '');
  const kept = words.filter((word) => !FILLER.has(word)).map(singular);
  return (kept.length > 0 ? kept : words).join(' ') || wording;
}

/** English plural endings, roughly: enough that "invoices" and "invoice" meet; "business" and "status" stay. */
function singular(word: string): string {
  if (word.length <= 3 || /(ss|us|is)$/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ches|shes|xes)$/.test(word)) return word.slice(0, -2);
  return word.endsWith('s') ? word.slice(0, -1) : word;
}
