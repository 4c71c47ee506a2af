/** What the API answers when something unexpected fails (500 INTERNAL), and the SPA says for any failure it cannot name (spec §8). */
export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';

/** What the API answers for a control character where no text may have one (a path, any field of a request). */
export const CONTROL_CHARACTERS_MESSAGE = 'Control characters are not allowed.';
