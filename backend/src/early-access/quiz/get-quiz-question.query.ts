import { Inject, Logger } from '@nestjs/common';
import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { z } from 'zod';
import { ListApps } from '../../catalogue/queries/list-apps.query.js';
import { ListCategories } from '../../catalogue/queries/list-categories.query.js';
import type { Config } from '../../shared/config/config.js';
import { ValidationError } from '../../shared/errors/domain-error.js';
import { CONFIG } from '../../shared/kernel.module.js';
import { phraseQuestion, type LlmSettings, type Phrased } from './llm-phraser.js';
import { QUIZ_STEPS } from '../../../../contracts/early-access/quiz.js';
import { nextQuestion } from './questions.js';

const value = z.string({ error: 'Must be text.' }).trim().min(1, 'Must not be empty.').max(100, 'At most 100 characters.');

export const quizQuestionInput = z.strictObject({
  /** The spec's generate_question: the option values chosen so far, in step order (0–3 of them). */
  currentAnswers: z.array(value, { error: 'Must be a list of answers.' }).max(QUIZ_STEPS - 1, `At most ${QUIZ_STEPS - 1} answers.`),
  currentPage: z.string({ error: 'Must be text.' }).max(2048, 'At most 2048 characters.').nullish(),
  /** The slug of the app page the quiz is on. */
  currentApp: z.string({ error: 'Must be text.' }).max(200, 'At most 200 characters.').nullish(),
});

export const quizQuestionSchema = z.object({
  step: z.number().int(),
  question: z.string(),
  options: z.array(z.object({ text: z.string(), value: z.string() })),
  /** Who worded it: our generator, or the configured LLM. */
  source: z.enum(['ours', 'llm']),
});

/** The next quiz question for the answers so far (the step is their count). */
export class GetQuizQuestion extends Query<Phrased & { step: number }> {
  constructor(readonly input: unknown) {
    super();
  }
}

@QueryHandler(GetQuizQuestion)
export class GetQuizQuestionHandler implements IQueryHandler<GetQuizQuestion> {
  private readonly logger = new Logger('quiz');
  private readonly llm: LlmSettings | null;

  constructor(
    private readonly queries: QueryBus,
    @Inject(CONFIG) config: Config,
  ) {
    this.llm =
      config.LLM_BASE_URL && config.LLM_MODEL
        ? { baseUrl: config.LLM_BASE_URL, apiKey: config.LLM_API_KEY, model: config.LLM_MODEL, timeoutMs: config.LLM_TIMEOUT_MS }
        : null;
  }

  async execute({ input }: GetQuizQuestion) {
    const parsed = quizQuestionInput.safeParse(input);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    const { currentAnswers, currentPage, currentApp } = parsed.data;
    const [apps, categories] = await Promise.all([this.queries.execute(new ListApps()), this.queries.execute(new ListCategories())]);
    const app = currentApp ? apps.find((a) => a.slug === currentApp) : undefined;
    const step = currentAnswers.length;
    const ours = nextQuestion(step, {
      answers: currentAnswers,
      currentPage: currentPage ?? null,
      currentApp: app ? { name: app.name, category_slug: app.category_slug } : null,
      categories,
      apps,
    });
    const phrased = await phraseQuestion(ours, this.llm, (reason) => this.logger.warn(`LLM wording not used (${reason})`));
    return { step, ...phrased };
  }
}
