/**
 * The small pages that links in e-mails open (unsubscribe, confirm a place on the list): following a link
 * changes nothing, since link scanners follow links too; the page's one button posts the same link, and the
 * POST does the work. Plain HTML, no script, so the strict CSP has nothing to allow.
 */

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

/** The token of a link, as the query gives it (at most 1,000 characters; anything else is no token). */
export function linkToken(token: unknown): string {
  return typeof token === 'string' ? token.slice(0, 1000) : '';
}
