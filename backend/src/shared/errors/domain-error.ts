/**
 * Errors the user may see. Each has a stable code (`CATALOGUE.APP_NOT_FOUND`) and a message meant for people;
 * the HTTP exception filter turns them into `{ code, message, fields? }` with the status below.
 */
export type DomainErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503;

export class DomainError extends Error {
  readonly status: DomainErrorStatus = 400;

  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Bad input: `fields` maps each offending field to the message shown for it. */
export class ValidationError extends DomainError {
  override readonly status = 400;

  /** One message per field path ('faq_items.0.answer'); the first one is also the overall message. */
  static fromZod(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): ValidationError {
    const fields: Record<string, string> = {};
    for (const issue of error.issues) {
      const field = issue.path.map(String).join('.') || '(body)';
      fields[field] ??= issue.message;
    }
    const [field, message] = Object.entries(fields)[0] ?? ['(body)', 'Invalid input'];
    return new ValidationError(field === '(body)' ? message : `${field}: ${message}`, fields);
  }

  constructor(
    message: string,
    readonly fields: Record<string, string> = {},
    code = 'VALIDATION_FAILED',
  ) {
    super(code, message);
  }
}

export class NotFoundError extends DomainError {
  override readonly status = 404;
}

export class ConflictError extends DomainError {
  override readonly status = 409;
}

/** No valid credentials: not signed in, or the access token expired (the client refreshes and retries). */
export class UnauthorizedError extends DomainError {
  override readonly status = 401;
}

/** Signed in, but not allowed (e.g. a visitor's account on an admin route). */
export class ForbiddenError extends DomainError {
  override readonly status = 403;
}

export class RateLimitedError extends DomainError {
  override readonly status = 429;
}
