/**
 * The small pages that links in e-mails open (unsubscribe, confirm a place on the list): following a link
 * changes nothing, since link scanners follow links too; the page's one button posts the same link, and the
 * POST does the work. Plain HTML, no script, so the strict CSP has nothing to allow.
 */
import type { FastifyReply } from 'fastify';
import { ValidationError } from '../errors/domain-error.js';

/** `body` is markup written by the caller; nothing from the request goes into it unescaped. */
export function linkPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${title} | Unsheet</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem">
<h1>${title}</h1>${body}<p><a href="/">Back to Unsheet</a></p></body></html>`;
}

/** A form with one button that posts `path?token=…` (the token URL-encoded). */
export function postButton(path: string, token: string, label: string): string {
  return `<form method="post" action="${path}?token=${encodeURIComponent(token)}"><button type="submit" style="font:inherit;padding:.6rem 1.2rem;border-radius:.5rem;border:0;background:#0f172a;color:#fff;cursor:pointer">${label}</button></form>`;
}

/** The answer to a page's GET: the page when its link is valid, the invalid-link page (400) otherwise. */
export function sendLinkPage(response: FastifyReply, valid: boolean, page: string, invalid: string): void {
  void response
    .status(valid ? 200 : 400)
    .type('text/html; charset=utf-8')
    .send(valid ? page : invalid);
}

/**
 * Does what a page's button posts, and answers a page to a person (a browser that accepts HTML) or JSON to
 * any other client. An invalid link is a 400: the invalid-link page for a person, the error's JSON otherwise.
 */
export async function answerLinkPost(
  response: FastifyReply,
  accept: string | undefined,
  action: () => Promise<unknown>,
  answers: { done: string; invalid: string; json: object },
): Promise<void> {
  const forPeople = (accept ?? '').includes('text/html');
  try {
    await action();
  } catch (error) {
    if (!forPeople || !(error instanceof ValidationError)) throw error;
    void response.status(400).type('text/html; charset=utf-8').send(answers.invalid);
    return;
  }
  if (forPeople) void response.status(200).type('text/html; charset=utf-8').send(answers.done);
  else void response.status(200).send(answers.json);
}

/** The token of a link, as the query gives it (at most 1,000 characters; anything else is no token). */
export function linkToken(token: unknown): string {
  return typeof token === 'string' ? token.slice(0, 1000) : '';
}
