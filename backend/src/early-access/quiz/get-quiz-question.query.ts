import { Inject, Logger } from '@nestjs/common';
import { Query, QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ListApps } from '../../catalogue/queries/list-apps.query.js';
import { ListCategories } from '../../catalogue/queries/list-categories.query.js';
import type { Config } from '../../shared/config/config.js';
import { ValidationError } from '../../shared/errors/domain-error.js';
import { CONFIG } from '../../shared/kernel.module.js';
import { phraseQuestion, type LlmSettings } from './llm-phraser.js';
import { quizQuestionRequestSchema, type QuizQuestionAnswer } from '../../../../contracts/early-access/quiz-api.js';
import { nextQuestion } from './questions.js';

/** The next quiz question for the answers so far (the step is their count). */
export class GetQuizQuestion extends Query<QuizQuestionAnswer> {
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

  async execute({ input }: GetQuizQuestion): Promise<QuizQuestionAnswer> {
    const parsed = quizQuestionRequestSchema.safeParse(input);
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
