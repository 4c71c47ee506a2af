import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';

/** How many quizzes were finished in [start, end): the analytics' quiz completion rate. */
export class CountQuizResults extends Query<number> {
  constructor(
    readonly start: Date,
    readonly end: Date,
  ) {
    super();
  }
}

@QueryHandler(CountQuizResults)
export class CountQuizResultsHandler implements IQueryHandler<CountQuizResults> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ start, end }: CountQuizResults): Promise<number> {
    const { n } = await this.db
      .selectFrom('quiz_results')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('created_at', '>=', start)
      .where('created_at', '<', end)
      .executeTakeFirstOrThrow();
    return Number(n);
  }
}

export interface QuizResultOf {
  id: string;
  created_at: Date;
  recommended_app: string | null;
  answers: { question: string; answer: string }[];
}

/** The quizzes an address finished, oldest first: the admin's lead timeline. */
export class ListQuizResultsOf extends Query<QuizResultOf[]> {
  constructor(readonly email: string) {
    super();
  }
}

@QueryHandler(ListQuizResultsOf)
export class ListQuizResultsOfHandler implements IQueryHandler<ListQuizResultsOf> {
  constructor(@Inject(DB) private readonly db: Db) {}

  execute({ email }: ListQuizResultsOf): Promise<QuizResultOf[]> {
    return this.db
      .selectFrom('quiz_results')
      .select(['id', 'created_at', 'recommended_app', 'answers'])
      .where('email', '=', email)
      .orderBy('created_at')
      .execute();
  }
}
