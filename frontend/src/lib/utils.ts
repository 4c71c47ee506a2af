import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names; later Tailwind classes win over earlier ones (so callers can override variants). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * 12345 → '12,345': en-US thousands separators, rounded to a whole number. Written out rather than with
 * Intl.NumberFormat: the first Intl formatter a page creates loads the browser's locale data, which took
 * 100–200 ms of the first load under Lighthouse's 4× CPU throttle, for nothing but commas.
 */
export function formatInteger(value: number): string {
  const digits = Math.abs(Math.round(value)).toString();
  return `${value < 0 ? '-' : ''}${digits.replace(/\B(?=(\d{3})+$)/g, ',')}`;
}

/** A count with its noun: (1, 'view', 'views') → '1 view', (1234, …) → '1,234 views'. */
export function countOf(count: number, one: string, many: string): string {
  return `${formatInteger(count)} ${count === 1 ? one : many}`;
}

/** A path with its query string: parameters that are undefined, null or '' are left out. */
export function withQuery(path: string, params: Record<string, string | number | undefined | null>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params))
    if (value !== undefined && value !== null && value !== '') query.set(name, String(value));
  const search = query.toString();
  return search ? `${path}?${search}` : path;
}
