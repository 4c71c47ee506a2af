import { describe, expect, it } from 'vitest';
import { Masking } from './erase-personal-data.js';

const masking = new Masking('erin+news@example.org', 'key-of-erin', 'erased-1@erased.invalid');
const mask = (text: string) => masking.maskText(text);

describe('finding an erased address in stored text', () => {
  it.each([
    ['as typed', 'from erin+news@example.org.', 'from erased-1@erased.invalid.'],
    ['in another case', 'ERIN+NEWS@Example.ORG', 'erased-1@erased.invalid'],
    ['percent-encoded, any case', '?e=erin%2Bnews%40example%2Eorg', '?e=erased-1@erased.invalid'],
    ['encoded twice', '/app/erin%252bnews%2540example.org', '/app/erased-1@erased.invalid'],
    ['with its + read as a space (form encoding)', 'q=erin news%40example.org', 'q=erased-1@erased.invalid'],
    [
      'right after an encoded =',
      '?next=%2Foffer%3Femail%3Derin%2Bnews%2540example.org',
      '?next=%2Foffer%3Femail%3Derased-1@erased.invalid',
    ],
    ['right after an encoded :', 'q=contact%3Aerin+news%40example.org', 'q=contact%3Aerased-1@erased.invalid'],
    ['right after an encoded /', '/x%2Ferin+news@example.org', '/x%2Ferased-1@erased.invalid'],
    ['inside encoded quotes', '%22erin+news%40example.org%22', '%22erased-1@erased.invalid%22'],
    ['inside encoded quotes, twice encoded', '%2522erin+news%2540example.org%2522', '%2522erased-1@erased.invalid%2522'],
  ])('masks it %s', (_, text, masked) => {
    expect(mask(text)).toBe(masked);
  });

  it.each([
    ['a longer local part', 'jerin+news@example.org'],
    ['a longer local part, its extra letter encoded', '%6Aerin+news@example.org'],
    ['a longer domain', 'erin+news@example.org.au'],
    ['a subdomain of it', 'erin+news@example.organic'],
  ])('leaves another address alone: %s', (_, text) => {
    expect(mask(text)).toBe(text);
  });

  it("replaces the address's key wherever it is stored", () => {
    expect(mask('recipient key-of-erin')).toBe(`recipient ${new Masking('x@y.z', 'k', 'erased-1@erased.invalid').placeholderKey}`);
  });
});

describe("finding an erased person's words in stored text", () => {
  const person = new Masking('judith@example.com', 'key-of-judith', 'erased-2@erased.invalid');
  person.collect({ displayName: 'Judith Pereira', message: 'Can Judith get a demo?', answers: [{ name: 'Jo O’Neil-Sá' }] });

  it.each([
    ['their name in another case', 'Welcome back, JUDITH PEREIRA', 'Welcome back, [erased]'],
    ['a word of their name alone, lower-cased', 'judith', '[erased]'],
    ['the words of their name apart', 'pereira, judith', '[erased], [erased]'],
    ['a word of their name before a possessive', "Pereira's offer", "[erased]'s offer"],
    ['their name in a URL path', '/u/judith-pereira', '/u/[erased]-[erased]'],
    ['a word of their name in a URL path', '/u/judith-p', '/u/[erased]-p'],
    ['their name percent-encoded', '?who=Judith%20Pereira', '?who=[erased]'],
    ['a word of their name after a percent-encoded byte', '?who=J%20pereira', '?who=J%20[erased]'],
    ['their message in another case', 'CAN JUDITH GET A DEMO?', '[erased]'],
    ['a name with letters of other scripts, percent-encoded', '/u/s%C3%A1', '/u/[erased]'],
    ['a name with letters of other scripts, another case', 'JO O’NEIL-SÁ', '[erased]'],
  ])('masks %s', (_, text, masked) => {
    expect(person.maskText(text)).toBe(masked);
  });

  it.each([
    ['a longer word that contains a word of their name', 'judithas pereiras'],
    ['an initial', 'J O'],
    ['another name', 'Judy Pereyra'],
  ])('leaves %s alone', (_, text) => {
    expect(person.maskText(text)).toBe(text);
  });

  it('masks every string of a keyword list', () => {
    expect(person.maskStrings({ potentialKeywords: ['judith pereira', 'JUDITH', 'invoices'] })).toEqual({
      potentialKeywords: ['[erased]', '[erased]', 'invoices'],
    });
  });
});
