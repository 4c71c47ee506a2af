import { describe, expect, it } from 'vitest';
import { FALLBACK_QUESTION, QUIZ_STEPS, questionFor } from './quiz-questions';

const categories = [
  { name: 'Finance', slug: 'finance' },
  { name: 'HR & Recruiting', slug: 'hr-recruiting' },
];

describe('questionFor', () => {
  it('has four steps, starting with the spec fallback themes', () => {
    expect(QUIZ_STEPS).toBe(4);
    expect(questionFor(0, [], categories)).toBe(FALLBACK_QUESTION);
    expect(FALLBACK_QUESTION.options.map((o) => o.value)).toEqual(['manual_work', 'collaboration', 'data_management', 'time']);
  });

  it('offers the catalogue categories as areas, or the fixed list without them', () => {
    expect(questionFor(1, [], categories).options).toEqual([
      { text: 'Finance', value: 'finance' },
      { text: 'HR & Recruiting', value: 'hr-recruiting' },
    ]);
    const fallback = questionFor(1, [], undefined).options;
    expect(fallback).toHaveLength(8);
    expect(fallback).toContainEqual({ text: 'HR & Recruiting', value: 'hr-recruiting' });
    expect(fallback).toContainEqual({ text: 'Customer Support', value: 'customer-support' });
  });

  it('names the chosen area in the third question', () => {
    const answers = [
      { question: 'q1', answer: 'time' },
      { question: 'q2', answer: 'hr-recruiting' },
    ];
    expect(questionFor(2, answers, categories).question).toBe('How do you handle hr & recruiting today?');
    expect(questionFor(2, answers, undefined).question).toBe('How do you handle hr & recruiting today?');
    expect(questionFor(2, [answers[0]!, { question: 'q2', answer: 'unknown' }], categories).question).toBe(
      'How do you handle it today?',
    );
  });

  it('always offers four answers to the last question', () => {
    expect(questionFor(3, [], categories).options).toHaveLength(4);
  });
});
