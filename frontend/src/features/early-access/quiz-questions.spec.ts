import { describe, expect, it } from 'vitest';
import { DEFAULT_RESULT, FALLBACK_QUESTION, QUIZ_STEPS } from './quiz-questions';

describe('the quiz constants', () => {
  it("has four steps and the spec's fallback question and default result", () => {
    expect(QUIZ_STEPS).toBe(4);
    expect(FALLBACK_QUESTION.options.map((o) => o.value)).toEqual(['manual_work', 'collaboration', 'data_management', 'time']);
    expect(DEFAULT_RESULT.name).toBe('AI Business Assistant');
  });
});
