/**
 * How a search or a suggestion is compared with others. The wording is the text as the visitor wrote it,
 * lower-cased and with its spacing tidied: what the admin reads and what a group's label is chosen from. The
 * core is what the wording is about: without filler ("for", "app", "small business"), without the form the
 * tool would take ("tracker", "planner", "reminder", "template"…), without punctuation or plural endings. It
 * is the text pg_trgm compares, so "invoice reminders" and "Invoice reminder tool" are one core ("invoice")
 * and "chase unpaid invoices" a near neighbour, while "stock tracker" and "expense tracker", which share only
 * their form, are not alike.
 */
export const MAX_WORDING = 200;

const FILLER = new Set(
  (
    'a an the and or for to of in on at with by from my our your me i we need want looking something some that which ' +
    'tool app application software program system platform online free best simple easy ai way help small business ' +
    // The form a tool takes: shared by needs that have nothing else in common.
    'tracker tracking track planner planning plan reminder template log logger calculator scheduler schedule manager ' +
    'management list sheet spreadsheet generator builder'
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
  const kept = words.map(singular).filter((word) => !FILLER.has(word));
  return (kept.length > 0 ? kept : words).join(' ') || wording;
}

/** English plural endings, roughly: enough that "invoices" and "invoice" meet; "census" and "status" stay. */
function singular(word: string): string {
  if (word.length <= 3 || /(ss|us|is)$/.test(word)) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ches|shes|xes)$/.test(word)) return word.slice(0, -2);
  return word.endsWith('s') ? word.slice(0, -1) : word;
}
