/**
 * The end of the quiz: recommend an app for the four answers (quiz/recommend.ts, over the live catalogue),
 * keep the result (`QuizCompleted` → quiz_results), and put the address on the list with source 'quiz'
 * through JoinWaitlist, so positions stay atomic and an address already on the list is not an error.
 */
import { randomUUID } from 'node:crypto';
import { Command, CommandBus, CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { z } from 'zod';
import { ListApps } from '../../catalogue/queries/list-apps.query.js';
import { ValidationError } from '../../shared/errors/domain-error.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import { emailSchema } from '../../shared/validation/email.js';
import { caughtInHoneypot, honeypotSchema } from '../../shared/validation/honeypot.js';
import { QUIZ_STEPS } from '../../../../contracts/early-access/quiz.js';
import { quizStream, type QuizCompleted } from './quiz.events.js';
import { recommendApp } from './recommend.js';
import { JoinWaitlist, joinWaitlistInput, type JoinContext, type JoinOutcome, type JoinResult } from '../waitlist/join-waitlist.command.js';

export const ANSWERS_REQUIRED = `Please answer all ${QUIZ_STEPS} questions.`;
const PLAIN_TEXT = /^[^\p{Cc}]*$/u;

const answerText = (max: number) =>
  z
    .string({ error: ANSWERS_REQUIRED })
    .trim()
    .min(1, ANSWERS_REQUIRED)
    .max(max, `At most ${max} characters.`)
    .regex(PLAIN_TEXT, 'Only plain text, please.');

export const submitQuizInput = z.strictObject({
  email: emailSchema,
  answers: z
    .array(z.strictObject({ question: answerText(300), answer: answerText(100) }), { error: ANSWERS_REQUIRED })
    .length(QUIZ_STEPS, ANSWERS_REQUIRED),
  ref: joinWaitlistInput.shape.ref,
  website: honeypotSchema,
});

export interface QuizOutcome {
  id: string;
  /** null: the catalogue had nothing to recommend; the client shows the spec's default result. */
  recommendedApp: { slug: string; name: string; description: string; category: string } | null;
  reason: string | null;
  lead: JoinResult;
  /** The lead the browser may remember (JoinedLeads); the controller keeps it out of the answer. */
  leadId: string | null;
}

export class SubmitQuiz extends Command<QuizOutcome> {
  constructor(
    readonly input: unknown,
    readonly context?: JoinContext,
  ) {
    super();
  }
}

@CommandHandler(SubmitQuiz)
export class SubmitQuizHandler implements ICommandHandler<SubmitQuiz> {
  constructor(
    private readonly events: EventStore,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  async execute({ input, context }: SubmitQuiz): Promise<QuizOutcome> {
    const parsed = submitQuizInput.safeParse(input);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    const { email, answers, ref } = parsed.data;

    const apps = await this.queries.execute(new ListApps());
    const recommendation = recommendApp(
      answers.map((a) => a.answer),
      apps,
    );
    const id = randomUUID();
    const app = recommendation?.app;
    const outcome = ({ result, leadId }: JoinOutcome): QuizOutcome => ({
      id,
      recommendedApp: app ? { slug: app.slug, name: app.name, description: app.description, category: app.category } : null,
      reason: recommendation?.reason ?? null,
      lead: result,
      leadId,
    });
    // A bot that filled the honeypot sees a result; JoinWaitlist, given the same trap, writes nothing either.
    if (caughtInHoneypot(parsed.data)) {
      return outcome(await this.commands.execute(new JoinWaitlist({ email, website: parsed.data.website }, context)));
    }

    const completed: QuizCompleted = {
      type: 'QuizCompleted',
      data: {
        quizResultId: id,
        email,
        answers,
        recommendedApp: recommendation?.app.slug ?? null,
        matchScore: recommendation?.score ?? null,
      },
    };
    await this.events.append(quizStream(id), [completed], 0);
    return outcome(await this.commands.execute(new JoinWaitlist({ email, source_page: 'quiz', ref }, context)));
  }
}
