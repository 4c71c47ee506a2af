/**
 * `html` escapes every interpolated value unless it is already markup made by `html` or `raw`, so visitor
 * text can never become markup in an e-mail by omission.
 */
const MARKUP = Symbol('markup');

export interface Markup {
  readonly [MARKUP]: string;
  toString(): string;
}

function markup(text: string): Markup {
  return { [MARKUP]: text, toString: () => text };
}

/** Trusted markup, written by us (never visitor input). */
export function raw(text: string): Markup {
  return markup(text);
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Markup {
  return markup(strings.reduce((out, string, i) => out + string + (i < values.length ? render(values[i]) : ''), ''));
}

function render(value: unknown): string {
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map(render).join('');
  if (typeof value === 'object' && MARKUP in value) return (value as Markup)[MARKUP];
  return escapeHtml(String(value));
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
