/**
 * A large import goes to the server in several requests of at most 100 rows, so that each answers quickly
 * and the progress bar moves per request; a request also stays under the route's 2 MB body limit. Chunks
 * keep the rows' order.
 */
import { IMPORT_ROWS_PER_REQUEST } from '../../../../../../contracts/catalogue/fields';

/** Below the import route's 2 MB body limit, with room for the envelope. */
export const MAX_CHUNK_BYTES = 1536 * 1024;

export function importChunks<T>(rows: readonly T[], maxRows = IMPORT_ROWS_PER_REQUEST, maxBytes = MAX_CHUNK_BYTES): T[][] {
  const encoder = new TextEncoder();
  const chunks: T[][] = [];
  let current: T[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = encoder.encode(JSON.stringify(row)).length + 1;
    if (current.length > 0 && (current.length >= maxRows || bytes + size > maxBytes)) {
      chunks.push(current);
      current = [];
      bytes = 0;
    }
    current.push(row);
    bytes += size;
  }
  if (current.length > 0) chunks.push(current);
  return chunks;
}
