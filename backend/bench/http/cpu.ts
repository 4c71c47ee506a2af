/**
 * CPU time per process kind, read from /proc (Linux), for splitting a scenario's cost between the API, the
 * worker, PostgreSQL, Redis and the load generator that share the machine's cores. Elsewhere it reads nothing.
 * PostgreSQL and Redis are counted whole: work of others on the same servers counts in their figures.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

export type CpuSnapshot = Map<string, number>;

const KINDS: [string, (command: string) => boolean][] = [
  ['API', (command) => command.includes('/dist/backend/src/main.js')],
  ['worker', (command) => command.includes('/dist/backend/src/worker.js')],
  ['PostgreSQL', (command) => command.startsWith('postgres')],
  ['Redis', (command) => command.startsWith('redis-server')],
];

/** Milliseconds of CPU (user + system) used so far by each kind of process, the load generator (this process) included. */
export function cpuSnapshot(): CpuSnapshot {
  const used: CpuSnapshot = new Map();
  if (!existsSync('/proc/self/stat')) return used;
  const ticksToMs = 10; // USER_HZ is 100 on Linux
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
      const kind = Number(pid) === process.pid ? 'load generator' : KINDS.find(([, matches]) => matches(command))?.[0];
      if (!kind) continue;
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // The API and worker processes this benchmark started (or their cluster's processes), not another
      // checkout's servers or tests running on the same machine.
      if ((kind === 'API' || kind === 'worker') && !startedHere(Number(fields[1]))) continue;
      used.set(kind, (used.get(kind) ?? 0) + (Number(fields[11]) + Number(fields[12])) * ticksToMs);
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return used;
}

/** Whether a process with this parent is a child or grandchild of this process. */
function startedHere(parent: number): boolean {
  if (parent === process.pid) return true;
  try {
    const stat = readFileSync(`/proc/${parent}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid;
  } catch {
    return false;
  }
}

/** CPU per unit of work between two snapshots, e.g. "API 0.42 ms, worker 0.35 ms…" per join (or in µs). */
export function cpuPer(before: CpuSnapshot, after: CpuSnapshot, units: number, unit: 'ms' | 'µs' = 'ms'): string {
  const scale = unit === 'ms' ? 1 : 1000;
  return [...after]
    .map(([kind, ms]) => [kind, ((ms - (before.get(kind) ?? 0)) * scale) / units] as const)
    .filter(([, used]) => used > 0)
    .map(([kind, used]) => `${kind} ${used.toFixed(unit === 'ms' ? 2 : 0)} ${unit}`)
    .join(', ');
}
