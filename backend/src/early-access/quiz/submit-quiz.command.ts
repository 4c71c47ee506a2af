/**
 * The end of the quiz: recommend an app for the four answers (quiz/recommend.ts, over the live catalogue),
 * keep the result (`QuizCompleted` → quiz_results), and put the address on the list with source 'quiz'
 * through JoinWaitlist, so positions stay atomic and an address already on the list is not an error. The
 * visitor's analytics session goes along, as from the join form: the lead's activity starts from it.
 */
import { randomUUID } from 'node:crypto';
import { Command, CommandBus, CommandHandler, QueryBus, type ICommandHandler } from '@nestjs/cqrs';
import { ListApps } from '../../catalogue/queries/list-apps.query.js';
import { ValidationError } from '../../shared/errors/domain-error.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import { submitQuizRequestSchema, type QuizOutcome } from '../../../../contracts/early-access/quiz-api.js';
import { quizStream, type QuizCompleted } from './quiz.events.js';
import { recommendApp } from './recommend.js';
import { JoinWaitlist, type JoinContext, type JoinOutcome } from '../waitlist/join-waitlist.command.js';
import { caughtInHoneypot } from '../../../../contracts/form-fields.js';

/** The answer, and the lead the browser may remember (JoinedLeads), which the controller keeps out of the answer. */
export type SubmittedQuiz = QuizOutcome & { leadId: string | null };

export class SubmitQuiz extends Command<SubmittedQuiz> {
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

  async execute({ input, context }: SubmitQuiz): Promise<SubmittedQuiz> {
    const parsed = submitQuizRequestSchema.safeParse(input);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    const { email, answers, ref, sessionId } = parsed.data;

    const apps = await this.queries.execute(new ListApps());
    const recommendation = recommendApp(
      answers.map((a) => a.answer),
      apps,
    );
    const id = randomUUID();
    const app = recommendation?.app;
    const outcome = ({ result, leadId }: JoinOutcome): SubmittedQuiz => ({
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
        sessionId,
      },
    };
    await this.events.append(quizStream(id), [completed], 0);
    return outcome(await this.commands.execute(new JoinWaitlist({ email, source_page: 'quiz', ref, sessionId }, context)));
  }
}
