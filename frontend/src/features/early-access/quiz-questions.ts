/**
 * The quiz's constants on the client (spec §4, §8). The questions themselves come from the server, one at a
 * time, adapted to the answers so far and the page (api/get-quiz-question.ts); these are what the quiz
 * shows when that fails.
 */
export const QUIZ_STEPS = 4;

export interface QuizOption {
  text: string;
  value: string;
}

export interface QuizQuestion {
  question: string;
  options: QuizOption[];
}

/** Spec §8: the question used when questions cannot be loaded: manual work, collaboration, data management, time. */
export const FALLBACK_QUESTION: QuizQuestion = {
  question: 'What slows your team down the most?',
  options: [
    { text: 'Manual work and data entry', value: 'manual_work' },
    { text: 'Collaborating on shared files', value: 'collaboration' },
    { text: 'Keeping data organised and accurate', value: 'data_management' },
    { text: 'Tasks that take too much time', value: 'time' },
  ],
};

/** Spec §8: the result shown when no recommendation can be had. */
export const DEFAULT_RESULT = {
  name: 'AI Business Assistant',
  description: 'A general AI assistant that takes the busywork out of your spreadsheets: entry, reminders and reports.',
};
