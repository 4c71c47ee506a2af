import { sql } from 'kysely';
import type { RangeCut } from '../metrics/buckets.js';

/** The cut's whole buckets, on a rollup table's `bucket`. */
export const inBuckets = (cut: RangeCut) => sql`bucket >= ${cut.innerStart} and bucket < ${cut.innerEnd}`;

/** The cut's partial edges, on a visits table's time column. */
export function inEdges(column: string, cut: RangeCut) {
  const at = sql.ref(column);
  return sql`(${at} >= ${cut.start} and ${at} < ${cut.innerStart} or ${at} >= ${cut.innerEnd} and ${at} < ${cut.end})`;
}
