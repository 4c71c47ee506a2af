import { describe, expect, it } from 'vitest';
import { isWeakMatch, recommendApp, WEAK_MATCH_BELOW, type CandidateApp } from './recommend.js';

const app = (name: string, category: string, description: string, views = 0): CandidateApp => ({
  slug: name.toLowerCase().replaceAll(' ', '-'),
  name,
  description,
  category,
  category_slug: category.toLowerCase(),
  views,
});

const catalogue = [
  app('Invoice Chaser', 'Finance', 'Chases unpaid invoices with polite automatic reminders', 50),
  app('Receipt Sorter', 'Finance', 'Reads receipts and keeps your expense records organised', 80),
  app('Shift Planner', 'Productivity', 'Plans staff shifts the whole team can see', 120),
  app('Lead Scorer', 'Sales', 'Scores leads so you call the best ones first', 10),
];

describe('recommendApp', () => {
  it('picks an app of the chosen area, the theme deciding between them', () => {
    expect(recommendApp(['manual_work', 'finance', 'spreadsheet', 'solo'], catalogue)).toEqual({
      app: catalogue[0],
      reason: 'Invoice Chaser is built for Finance work and takes the manual data entry off your plate.',
      score: 102,
    });
    expect(recommendApp(['data_management', 'finance', 'paper', 'small'], catalogue)?.app.name).toBe('Receipt Sorter');
  });

  it('falls back to the best theme match, then the most viewed, outside the area', () => {
    expect(recommendApp(['collaboration', 'astrology', 'nothing', 'large'], catalogue)).toEqual({
      app: catalogue[2],
      reason: 'Shift Planner is the closest match in our catalogue: it keeps everyone working from the same, current data.',
      score: 3,
    });
    expect(recommendApp(['unknown', 'unknown', 'x', 'y'], catalogue)?.app.name).toBe('Shift Planner');
  });

  it('gives the same answer for the same answers, whatever the catalogue order', () => {
    const answers = ['time', 'finance', 'spreadsheet', 'solo'];
    const first = recommendApp(answers, catalogue);
    expect(recommendApp(answers, [...catalogue].reverse())).toEqual(first);
  });

  it('breaks exact ties by name', () => {
    const twins = [app('Beta Tool', 'Sales', 'x', 5), app('Alpha Tool', 'Sales', 'x', 5)];
    expect(recommendApp(['time', 'sales', 'a', 'b'], twins)?.app.name).toBe('Alpha Tool');
  });

  it('recommends nothing from an empty catalogue', () => {
    expect(recommendApp(['time', 'finance', 'spreadsheet', 'solo'], [])).toBeNull();
  });

  describe('weak matches', () => {
    const scoreOf = (answers: string[]) => recommendApp(answers, catalogue)!.score;

    it('calls a pick of the area that speaks to the pain a good match', () => {
      expect(scoreOf(['manual_work', 'finance', 'spreadsheet', 'solo'])).toBeGreaterThanOrEqual(WEAK_MATCH_BELOW);
      expect(isWeakMatch(scoreOf(['manual_work', 'finance', 'spreadsheet', 'solo']))).toBe(false);
    });

    it('calls a pick of the area that says nothing of the pain weak', () => {
      // Lead Scorer is the only Sales app, and nothing in it is about collaborating.
      expect(scoreOf(['collaboration', 'sales', 'spreadsheet', 'solo'])).toBe(100);
      expect(isWeakMatch(100)).toBe(true);
    });

    it('calls a pick outside the area weak, however many keywords it has', () => {
      expect(isWeakMatch(scoreOf(['collaboration', 'astrology', 'nothing', 'large']))).toBe(true);
    });

    it('draws the line right under an area match with one keyword', () => {
      expect(WEAK_MATCH_BELOW).toBe(101);
      expect([99, 100, 101, 102].map(isWeakMatch)).toEqual([true, true, false, false]);
    });
  });
});
