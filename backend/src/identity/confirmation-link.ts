/** The e-mail confirmation link: a signed token naming the user, valid for 24 hours, usable once. */
export const CONFIRMATION_TOKEN_PURPOSE = 'confirm-email';
export const CONFIRMATION_TOKEN_TTL_SECONDS = 24 * 3600;
/** The SPA page the link opens; it posts the token to POST /api/auth/confirm. */
export const CONFIRMATION_PAGE = '/auth/confirm';
