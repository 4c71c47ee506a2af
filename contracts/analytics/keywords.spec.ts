import { describe, expect, it } from 'vitest';
import { MAX_KEYWORD_LENGTH, MAX_KEYWORDS, potentialKeywords } from './keywords.js';

const PAGE = 'https://unsheet.app/app/invoice-chaser';
const TITLE = 'Invoice Chaser – AI tool for Finance | Unsheet';

describe('potential keywords', () => {
  it.each([
    ['Bing', 'https://www.bing.com/search?q=chase+unpaid+invoices'],
    ['Yahoo', 'https://search.yahoo.com/search?p=chase%20unpaid%20invoices'],
    ['Yandex', 'https://yandex.ru/search/?text=chase+unpaid+invoices'],
    ['Baidu', 'https://www.baidu.com/s?wd=chase+unpaid+invoices'],
    ['DuckDuckGo', 'https://duckduckgo.com/?q=Chase++Unpaid+Invoices'],
  ])("takes %s's search query: the phrase, then its words", (_engine, referrer) => {
    expect(potentialKeywords({ url: PAGE, title: TITLE, referrer })).toEqual(['chase unpaid invoices', 'chase', 'unpaid', 'invoices']);
  });

  it("drops the query's stop words", () => {
    expect(potentialKeywords({ url: PAGE, title: TITLE, referrer: 'https://www.bing.com/search?q=how+to+replace+a+spreadsheet' })).toEqual([
      'how to replace a spreadsheet',
      'replace',
      'spreadsheet',
    ]);
  });

  it('falls back to the title and path when the search engine hides the query (Google)', () => {
    expect(potentialKeywords({ url: PAGE, title: TITLE, referrer: 'https://www.google.com/' })).toEqual([
      'invoice',
      'chaser',
      'ai',
      'tool',
      'finance',
    ]);
  });

  it('ignores query parameters of sites that are not search engines', () => {
    expect(potentialKeywords({ url: PAGE, title: TITLE, referrer: 'https://www.reddit.com/r/x?q=something+else' })).toEqual([
      'invoice',
      'chaser',
      'ai',
      'tool',
      'finance',
    ]);
  });

  it("takes a campaign link's utm_term (the paid keyword) when no search query is known", () => {
    expect(potentialKeywords({ url: `${PAGE}?utm_term=Invoice+Reminder+Software`, title: TITLE, referrer: null })).toEqual([
      'invoice reminder software',
      'invoice',
      'reminder',
      'software',
    ]);
  });

  it('uses the words of the title and the path, without stop words, the brand, route prefixes or numbers', () => {
    expect(
      potentialKeywords({
        url: 'https://unsheet.app/c/hr-%26-recruiting',
        title: 'The 10 best HR & Recruiting tools | Unsheet',
        referrer: 'https://unsheet.app/',
      }),
    ).toEqual(['best', 'hr', 'recruiting', 'tools']);
  });

  it('keeps words in other alphabets and accents', () => {
    expect(potentialKeywords({ url: 'https://unsheet.app/', title: 'Café Planilha – Ölçüm', referrer: null })).toEqual([
      'café',
      'planilha',
      'ölçüm',
    ]);
  });

  it('returns nothing when nothing carries meaning', () => {
    expect(potentialKeywords({ url: 'https://unsheet.app/', title: 'Unsheet', referrer: null })).toEqual([]);
  });

  it('keeps at most 10 keywords of at most 100 characters', () => {
    const words = Array.from({ length: 15 }, (_, index) => `word${String.fromCharCode(97 + index)}`);
    expect(potentialKeywords({ url: PAGE, title: words.join(' '), referrer: null })).toEqual(words.slice(0, MAX_KEYWORDS));
    const long = potentialKeywords({
      url: PAGE,
      title: TITLE,
      referrer: `https://www.bing.com/search?q=${'long '.repeat(40)}`,
    });
    expect(long[0]).toHaveLength(MAX_KEYWORD_LENGTH);
    expect(long).toEqual([expect.stringMatching(/^long long/), 'long']);
  });
});
