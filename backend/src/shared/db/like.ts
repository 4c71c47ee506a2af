/** A LIKE / ILIKE pattern matching any text that contains `text`: its `%`, `_` and `\` match themselves. */
export function likeContaining(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
