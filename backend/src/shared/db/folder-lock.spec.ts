import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataFolderInUseError, lockFolder } from './folder-lock.js';

const root = mkdtempSync(join(tmpdir(), 'unsheet-folder-lock-'));
const folder = join(root, 'pglite');
afterEach(() => rmSync(`${folder}.lock`, { force: true }));

/** The pid of a process that has ended. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

describe('lockFolder', () => {
  it('writes this process id, refuses a second opener while held, and frees the folder on release', () => {
    const lock = lockFolder(folder);
    expect(readFileSync(`${folder}.lock`, 'utf8').trim()).toBe(String(process.pid));
    expect(() => lockFolder(folder)).toThrow(DataFolderInUseError);
    lock.release();
    expect(existsSync(`${folder}.lock`)).toBe(false);
    lockFolder(folder).release();
  });

  it('refuses a folder a live process holds, naming it', () => {
    writeFileSync(`${folder}.lock`, `${process.ppid}\n`);
    expect(() => lockFolder(folder)).toThrow(`is in use by another process (pid ${process.ppid})`);
    expect(readFileSync(`${folder}.lock`, 'utf8').trim()).toBe(String(process.ppid));
  });

  it('takes over the lock of a process that died without releasing it', () => {
    writeFileSync(`${folder}.lock`, `${deadPid()}\n`);
    const lock = lockFolder(folder);
    expect(readFileSync(`${folder}.lock`, 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it("takes over a lock naming this process's pid that this process does not hold (a restarted container's pid 1)", () => {
    writeFileSync(`${folder}.lock`, `${process.pid}\n`);
    const lock = lockFolder(folder);
    expect(() => lockFolder(folder)).toThrow(DataFolderInUseError);
    lock.release();
    expect(existsSync(`${folder}.lock`)).toBe(false);
  });

  it('takes over an empty lock file (a process that died before writing its id)', () => {
    writeFileSync(`${folder}.lock`, '');
    lockFolder(folder).release();
    expect(existsSync(`${folder}.lock`)).toBe(false);
  });
});
