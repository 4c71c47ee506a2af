/** True when `error` is PostgreSQL's unique violation (23505), optionally of one named constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: violated, message } = error as { code?: string; constraint?: string; message?: string };
  if (code !== '23505') return false;
  return constraint === undefined || violated === constraint || (message ?? '').includes(`"${constraint}"`);
}
