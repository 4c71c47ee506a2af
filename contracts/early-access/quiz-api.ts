/**
 * The quiz's requests and answers: the next question (POST /api/quiz/questions, the spec's generate_question)
 * and the result (POST /api/quiz-results). The schemas the API validates with and documents in OpenAPI; the
 * SPA imports the types only (its runtime constants are in quiz.ts, without zod).
 */
import { z } from 'zod';
import { emailSchema, honeypotSchema } from '../form-fields.js';
import { QUIZ_STEPS, type QuizQuestion } from './quiz.js';
import { joinWaitlistRequestSchema, joinWaitlistResultSchema } from './waitlist.js';

const value = z.string({ error: 'Must be text.' }).trim().min(1, 'Must not be empty.').max(100, 'At most 100 characters.');

export const quizQuestionRequestSchema = z.strictObject({
  /** The option values chosen so far, in step order (0–3 of them). */
  currentAnswers: z.array(value, { error: 'Must be a list of answers.' }).max(QUIZ_STEPS - 1, `At most ${QUIZ_STEPS - 1} answers.`),
  currentPage: z.string({ error: 'Must be text.' }).max(2048, 'At most 2048 characters.').nullish(),
  /** The slug of the app page the quiz is on. */
  currentApp: z.string({ error: 'Must be text.' }).max(200, 'At most 200 characters.').nullish(),
});
export type QuizQuestionRequest = z.input<typeof quizQuestionRequestSchema>;

export const quizQuestionAnswerSchema = z.object({
  /** The number of answers so far: 0 for the first question. */
  step: z.number().int(),
  question: z.string(),
  options: z.array(z.object({ text: z.string(), value: z.string() })),
  /** Who worded it: our generator, or the configured LLM. */
  source: z.enum(['ours', 'llm']),
}) satisfies z.ZodType<QuizQuestion>;
export type QuizQuestionAnswer = z.output<typeof quizQuestionAnswerSchema>;

export const ANSWERS_REQUIRED = `Please answer all ${QUIZ_STEPS} questions.`;
const PLAIN_TEXT = /^[^\p{Cc}]*$/u;

const answerText = (max: number) =>
  z
    .string({ error: ANSWERS_REQUIRED })
    .trim()
    .min(1, ANSWERS_REQUIRED)
    .max(max, `At most ${max} characters.`)
    .regex(PLAIN_TEXT, 'Only plain text, please.');

/** One step of the quiz: the question as shown, and the chosen option's value. */
export const quizAnswerSchema = z.strictObject({ question: answerText(300), answer: answerText(100) });
export type QuizAnswer = z.input<typeof quizAnswerSchema>;

export const submitQuizRequestSchema = z.strictObject({
  email: emailSchema,
  answers: z.array(quizAnswerSchema, { error: ANSWERS_REQUIRED }).length(QUIZ_STEPS, ANSWERS_REQUIRED),
  ref: joinWaitlistRequestSchema.shape.ref,
  /** The visitor's analytics session, as the join form sends it: the lead's activity starts from it. */
  sessionId: joinWaitlistRequestSchema.shape.sessionId,
  website: honeypotSchema,
});
export type SubmitQuizRequest = z.input<typeof submitQuizRequestSchema>;

export const quizOutcomeSchema = z.object({
  id: z.uuid(),
  /** null: the catalogue had nothing to recommend; the SPA shows the spec's default result. */
  recommendedApp: z.object({ slug: z.string(), name: z.string(), description: z.string(), category: z.string() }).nullable(),
  reason: z.string().nullable(),
  /** The quiz puts the address on the list (source quiz): the answer of joining it. */
  lead: joinWaitlistResultSchema,
});
export type QuizOutcome = z.output<typeof quizOutcomeSchema>;
