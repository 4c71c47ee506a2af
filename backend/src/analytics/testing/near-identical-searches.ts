/**
 * The demand projection's worst case, as the penetration test sent it: `count` searches "invoice
 * reconciliation quarterly vendor payments <n in base 36>" (each a core of its own, all alike), 10 ms apart on
 * `day`, spread over `sessions` sessions. For demand-cost.int-spec.ts and `npm run bench:demand-attack`.
 */
import { randomUUID } from 'node:crypto';
import type { AnalyticsSearchPerformed } from '../analytics.events.js';

export function nearIdenticalSearches(count: number, sessions: number, day: string): (AnalyticsSearchPerformed & { createdAt: Date })[] {
  const ids = Array.from({ length: sessions }, () => randomUUID());
  return Array.from({ length: count }, (_, n) => {
    const at = new Date(Date.parse(`${day}T12:00:00Z`) + n * 10);
    return {
      type: 'AnalyticsSearchPerformed',
      data: {
        sessionId: ids[n % sessions]!,
        searchId: randomUUID(),
        at: at.toISOString(),
        query: `invoice reconciliation quarterly vendor payments ${n.toString(36)}`,
        results: 0,
        opened: false,
      },
      createdAt: at,
    };
  });
}
