/**
 * The embedded database's folder belongs to one process at a time: PGlite keeps it in memory and writes it
 * back on its own, so a second process on the same folder (a CLI while the app runs) loses one side's
 * writes without a word. Whoever opens the folder first holds a lock file beside it, created with O_EXCL
 * (exactly one process can create it) and holding its pid; everyone else is refused until it is gone. A
 * lock whose process has died (SIGKILL, a power cut) is stale: the next opener removes it and takes the
 * folder.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

export class DataFolderInUseError extends Error {
  constructor(
    readonly folder: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${folder} is in use by another process (pid ${pid}). Stop the app (or the other command) first. ` +
        'One process at a time may open it; with DATABASE_URL (PostgreSQL) any number may.',
    );
    this.name = 'DataFolderInUseError';
  }
}

/** The lock files this process holds. */
const heldHere = new Set<string>();

export interface FolderLock {
  release(): void;
}

/** Takes `${folder}.lock` for this process, or throws DataFolderInUseError naming the process that holds it. */
export function lockFolder(folder: string): FolderLock {
  const file = `${folder}.lock`;
  // Two tries: the second after removing a stale lock (if another process removed it and took the folder
  // first, the second try sees that process).
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      try {
        writeSync(fd, `${process.pid}\n`);
      } finally {
        closeSync(fd);
      }
      heldHere.add(file);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = holderOf(file);
      // This very process counts as another owner too: a second PGlite on the folder loses writes the same way.
      // A lock naming this process's pid that it does not hold is a previous process's: in a container the
      // restarted app is pid 1 again, as the one that was killed.
      const held = holder === process.pid ? heldHere.has(file) : holder !== null && isAlive(holder);
      if (held) throw new DataFolderInUseError(folder, holder!);
      if (attempt > 0) throw new DataFolderInUseError(folder, holder ?? 0);
      removeIfStill(file, holder);
    }
  }
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    heldHere.delete(file);
    process.off('exit', release);
    removeIfStill(file, process.pid);
  };
  // However the process ends short of SIGKILL, the folder is free again (an exit handler runs synchronously).
  process.on('exit', release);
  return { release };
}

/** The pid in a lock file; null when it holds none (a process died between creating and writing it). */
function holderOf(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the lock file if it still names `pid` (never one another process has just created). */
function removeIfStill(file: string, pid: number | null): void {
  if (holderOf(file) !== pid) return;
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
