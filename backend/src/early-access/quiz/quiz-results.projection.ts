import type { Projection } from '../../shared/projections/projection.js';
import type { QuizCompleted } from './quiz.events.js';

/** The spec's quiz_results (email, answers, recommended_app, created_at), inline so admin figures are current. */
export const quizResultsProjection: Projection<QuizCompleted> = {
  name: 'quiz-results',
  mode: 'inline',
  handles: ['QuizCompleted'],
  tables: ['quiz_results'],
  async handle(trx, events) {
    await trx
      .insertInto('quiz_results')
      .values(
        events.map(({ data, createdAt }) => ({
          id: data.quizResultId,
          email: data.email,
          answers: JSON.stringify(data.answers),
          recommended_app: data.recommendedApp,
          created_at: createdAt,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  },
};
