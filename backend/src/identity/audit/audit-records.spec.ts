import { describe, expect, it } from 'vitest';
import { recordOf } from './audit-records.js';

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('recordOf', () => {
  it.each([
    [`app-${ID}`, 'app', 'App'],
    [`lead-${ID}`, 'lead', 'Lead'],
    [`suggestion-${ID}`, 'suggestion', 'Suggestion'],
    [`question-${ID}`, 'question', 'Question'],
    [`inquiry-${ID}`, 'inquiry', 'Developer inquiry'],
    [`user-${ID}`, 'user', 'Account'],
  ])('reads %s as a record its module names', (streamId, kind, label) => {
    expect(recordOf(streamId)).toEqual({ kind, id: ID, label });
  });

  it('names the streams of their own kind, and shows any other stream by its id', () => {
    expect(recordOf('sitemap')).toEqual({ kind: 'other', label: 'sitemap.xml' });
    expect(recordOf('search-queries')).toEqual({ kind: 'other', label: 'Search queries' });
    expect(recordOf(`viral-campaign-${ID}`)).toEqual({ kind: 'other', label: 'Viral campaign' });
    expect(recordOf(`privacy-erasure-${ID}`)).toEqual({ kind: 'other', label: 'Personal data erasure' });
    expect(recordOf('app-views-x')).toEqual({ kind: 'other', label: 'app-views-x' });
    expect(recordOf('lead-not-an-id')).toEqual({ kind: 'other', label: 'lead-not-an-id' });
  });
});
