/** The one shared e-mail layout: brand header, content, footer; inline styles, since mail clients drop <style>. */
import { html, raw, type Markup } from './html.js';

export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

export interface LayoutParts {
  subject: string;
  /** One line shown by mail clients next to the subject. */
  preheader: string;
  body: Markup;
  text: string;
  /** For marketing e-mails: the working unsubscribe link. */
  unsubscribeUrl?: string;
}

const BRAND = '#4f46e5';

export function layout({ subject, preheader, body, text, unsubscribeUrl }: LayoutParts): EmailContent {
  const footer = unsubscribeUrl
    ? html`You receive this because you joined Unsheet's Early Explorers. <a href="${unsubscribeUrl}" style="color:#64748b">Unsubscribe</a>`
    : html`Unsheet: small AI tools that replace spreadsheets.`;
  const page = html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width" />
        <title>${subject}</title>
      </head>
      <body style="margin:0;background:#f8fafc;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#0f172a">
        <span style="display:none;max-height:0;overflow:hidden">${preheader}</span>
        <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f8fafc;padding:24px 0">
          <tr>
            <td align="center">
              <table
                role="presentation"
                width="560"
                cellpadding="0"
                cellspacing="0"
                style="max-width:560px;width:100%;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px"
              >
                <tr>
                  <td style="padding:20px 28px;border-bottom:1px solid #e2e8f0;font-size:20px;font-weight:700;color:${raw(BRAND)}">
                    Unsheet
                  </td>
                </tr>
                <tr>
                  <td style="padding:24px 28px;font-size:15px;line-height:1.6">${body}</td>
                </tr>
                <tr>
                  <td style="padding:16px 28px;border-top:1px solid #e2e8f0;font-size:12px;color:#64748b">${footer}</td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html>`;
  const textFooter = unsubscribeUrl
    ? `You receive this because you joined Unsheet's Early Explorers. Unsubscribe: ${unsubscribeUrl}`
    : 'Unsheet: small AI tools that replace spreadsheets.';
  return { subject, html: page.toString(), text: `${text.trim()}\n\n--\n${textFooter}\n` };
}

export function button(href: string, label: string): Markup {
  return html`<p style="margin:24px 0">
    <a
      href="${href}"
      style="background:${raw(BRAND)};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;display:inline-block;font-weight:600"
      >${label}</a
    >
  </p>`;
}

/** Visitor text as paragraphs, line breaks kept (escaped by `html`). */
export function paragraphs(text: string): Markup {
  return html`${text.split(/\n{2,}/).map((part) => html`<p style="margin:0 0 12px;white-space:pre-wrap">${part}</p>`)}`;
}
