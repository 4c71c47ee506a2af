/** What the API answers when something unexpected fails (500 INTERNAL), and the SPA says for any failure it cannot name (spec §8). */
export const UNEXPECTED_ERROR = 'An unexpected error occurred. Please try again.';
