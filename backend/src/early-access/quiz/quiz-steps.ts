/** The quiz's length (spec §9): four questions after the e-mail. */
export const QUIZ_STEPS = 4;
