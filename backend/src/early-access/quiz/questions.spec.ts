import { describe, expect, it } from 'vitest';
import { FALLBACK_QUESTION } from '../../../../contracts/early-access/quiz.js';
import { nextQuestion, type QuizContext } from './questions.js';
import type { CandidateApp } from './recommend.js';

const app = (name: string, category_slug: string, description: string): CandidateApp => ({
  slug: name.toLowerCase().replaceAll(' ', '-'),
  name,
  description,
  category: category_slug,
  category_slug,
  views: 0,
});

const context = (answers: string[], extra: Partial<QuizContext> = {}): QuizContext => ({
  answers,
  currentPage: '/',
  currentApp: null,
  categories: [
    { name: 'Finance', slug: 'finance', count: 3 },
    { name: 'HR & Recruiting', slug: 'hr-recruiting', count: 1 },
    { name: 'Productivity', slug: 'productivity', count: 5 },
    { name: 'Sales', slug: 'sales', count: 0 },
  ],
  apps: [
    app('Shift Planner', 'hr-recruiting', 'Plans staff shifts the whole team can share'),
    app('Invoice Chaser', 'finance', 'Chases unpaid invoices with automatic reminders'),
    app('Task Board', 'productivity', 'A list of tasks'),
  ],
  ...extra,
});

const values = (step: number, ctx: QuizContext) => nextQuestion(step, ctx).options.map((o) => o.value);

describe('nextQuestion', () => {
  it("opens with the spec's four themes, naming the app of the page the quiz is on", () => {
    expect(nextQuestion(0, context([]))).toEqual(FALLBACK_QUESTION);
    const onApp = nextQuestion(0, context([], { currentApp: { name: 'Invoice Chaser', category_slug: 'finance' } }));
    expect(onApp.question).toBe("What slows your team down the most, in work like Invoice Chaser's?");
    expect(onApp.options).toEqual(FALLBACK_QUESTION.options);
  });

  it('asks for the area in words of the theme, offering first the areas whose apps answer it', () => {
    const collaboration = nextQuestion(1, context(['collaboration']));
    expect(collaboration.question).toBe('Which team shares the most spreadsheets?');
    expect(collaboration.options[0]).toEqual({ text: 'HR & Recruiting', value: 'hr-recruiting' });
    expect(values(1, context(['manual_work']))).toEqual(['finance', 'productivity', 'hr-recruiting', 'sales']);
    expect(nextQuestion(1, context(['unknown'])).question).toBe('Which part of the business needs it most?');
  });

  it("puts the page's own category first", () => {
    expect(values(1, context(['time'], { currentPage: '/c/sales' }))[0]).toBe('sales');
    expect(values(1, context(['time'], { currentApp: { name: 'Task Board', category_slug: 'productivity' } }))[0]).toBe('productivity');
  });

  it('names the chosen area and words the options and the last question after the theme, with stable values', () => {
    const third = nextQuestion(2, context(['collaboration', 'finance']));
    expect(third.question).toBe('How do you handle finance today?');
    expect(third.options[0]).toEqual({ text: 'One shared spreadsheet everyone edits', value: 'spreadsheet' });
    expect(values(2, context(['time', 'finance']))).toEqual(['spreadsheet', 'paper', 'other_tool', 'nothing']);
    expect(nextQuestion(3, context(['collaboration', 'finance', 'paper'])).question).toBe('How many people need the same, current data?');
    expect(nextQuestion(3, context(['time', 'finance', 'paper'])).question).toBe('How many people lose time to it?');
    expect(values(3, context(['time']))).toEqual(['solo', 'small', 'medium', 'large']);
  });

  it('gives the same question for the same answers, and no fifth step', () => {
    expect(nextQuestion(1, context(['time']))).toEqual(nextQuestion(1, context(['time'])));
    expect(() => nextQuestion(4, context(['a', 'b', 'c', 'd']))).toThrow(RangeError);
  });
});
