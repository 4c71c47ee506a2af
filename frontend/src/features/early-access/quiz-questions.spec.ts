import { describe, expect, it } from 'vitest';
import { DEFAULT_RESULT, FALLBACK_QUESTION, fallbackQuestion, QUIZ_STEPS } from './quiz-questions';

describe('the quiz constants', () => {
  it("has four steps and the spec's fallback question and default result", () => {
    expect(QUIZ_STEPS).toBe(4);
    expect(FALLBACK_QUESTION.options.map((o) => o.value)).toEqual(['manual_work', 'collaboration', 'data_management', 'time']);
    expect(DEFAULT_RESULT.name).toBe('AI Business Assistant');
  });
});

describe('the fallback question of each step', () => {
  it("starts with the spec's four themes, and never asks the same question twice", () => {
    const answers = ['collaboration', 'finance', 'spreadsheet'];
    const questions = [0, 1, 2, 3].map((step) => fallbackQuestion(step, answers.slice(0, step), '/'));
    expect(questions[0]).toEqual(FALLBACK_QUESTION);
    expect(new Set(questions.map((q) => q.question)).size).toBe(QUIZ_STEPS);
    expect(questions.map((q) => q.question)).toEqual([
      'What slows your team down the most?',
      'Which team shares the most spreadsheets?',
      'How do you handle finance today?',
      'How many people need the same, current data?',
    ]);
  });

  it('words the later steps for the theme chosen first', () => {
    expect(['manual_work', 'collaboration', 'data_management', 'time'].map((theme) => fallbackQuestion(1, [theme], '/').question)).toEqual([
      'Where does the most manual work pile up?',
      'Which team shares the most spreadsheets?',
      'Which records are hardest to keep accurate?',
      'Where does most of the time go?',
    ]);
    expect(fallbackQuestion(2, ['manual_work', 'sales'], '/').options[0]!.text).toBe('Typing it into Excel or Google Sheets');
    expect(fallbackQuestion(3, ['time', 'sales', 'paper'], '/').question).toBe('How many people lose time to it?');
  });

  it("offers the standard categories as areas, by the slugs the recommender reads, the page's own first", () => {
    expect(fallbackQuestion(1, ['time'], '/').options.map((o) => o.value)).toEqual([
      'productivity',
      'marketing',
      'sales',
      'analytics',
      'customer-support',
      'finance',
      'hr-and-recruiting',
      'other',
    ]);
    expect(fallbackQuestion(1, ['time'], '/c/finance').options[0]).toEqual({ text: 'Finance', value: 'finance' });
  });

  it('answers the same values as the API, so a saved result is still matched', () => {
    expect(fallbackQuestion(2, ['time', 'sales'], '/').options.map((o) => o.value)).toEqual([
      'spreadsheet',
      'paper',
      'other_tool',
      'nothing',
    ]);
    expect(fallbackQuestion(3, ['time', 'sales', 'paper'], '/').options.map((o) => o.value)).toEqual(['solo', 'small', 'medium', 'large']);
  });
});
