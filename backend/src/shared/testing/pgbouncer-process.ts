/**
 * A PgBouncer of a test's own (Debian's `pgbouncer`), in transaction pooling mode as most hosted PostgreSQL
 * offers it, on a free loopback port, in front of the test PostgreSQL server: every database name is passed
 * through. PgBouncer refuses to run as root, so as root it runs as the `postgres` user.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { eventually } from './eventually.js';
import { freePort } from './server-process.js';

export interface PgBouncerProcess {
  /** `url`'s database through PgBouncer: same user and database name, PgBouncer's host and port. */
  through(url: string): string;
  /** Transactions PgBouncer has passed to this database so far (SHOW STATS). */
  transactionsOf(database: string): Promise<number>;
  stop(): Promise<void>;
}

/** The PostgreSQL server behind it, as the tests reach it (host, port and user of TEST_POSTGRES_URL). */
export async function startPgBouncer(postgresUrl: string, options: { poolSize?: number } = {}): Promise<PgBouncerProcess> {
  const target = new URL(postgresUrl);
  const user = decodeURIComponent(target.username || 'postgres');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'unsheet-pgbouncer-'));
  chmodSync(dir, 0o755);
  const ini = join(dir, 'pgbouncer.ini');
  writeFileSync(join(dir, 'users.txt'), `"${user}" ""\n`);
  writeFileSync(
    ini,
    [
      '[databases]',
      `* = host=${target.hostname} port=${target.port || 5432}`,
      '[pgbouncer]',
      `listen_addr = 127.0.0.1`,
      `listen_port = ${port}`,
      `unix_socket_dir =`,
      'auth_type = trust',
      `auth_file = ${join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${options.poolSize ?? 10}`,
      'max_client_conn = 500',
      `admin_users = ${user}`,
      // What node-postgres may send at start-up that PgBouncer would otherwise refuse.
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${join(dir, 'pgbouncer.log')}`,
      '',
    ].join('\n'),
  );
  for (const file of ['users.txt', 'pgbouncer.ini']) chmodSync(join(dir, file), 0o644);
  // Debian installs it in /usr/sbin, which a user's PATH may not have.
  const binary = existsSync('/usr/sbin/pgbouncer') ? '/usr/sbin/pgbouncer' : 'pgbouncer';
  const asRoot = process.getuid?.() === 0;
  const child: ChildProcess = asRoot
    ? spawn('runuser', ['-u', 'postgres', '--', binary, ini], { stdio: 'ignore' })
    : spawn(binary, [ini], { stdio: 'ignore' });
  chmodSync(dir, 0o777); // its log file, written as postgres
  const through = (url: string) => {
    const next = new URL(url);
    next.hostname = '127.0.0.1';
    next.port = String(port);
    return next.toString();
  };
  const admin = () => new pg.Client({ connectionString: through(`postgres://${encodeURIComponent(user)}@127.0.0.1/pgbouncer`) });
  await eventually(
    async () => {
      if (child.exitCode !== null) throw new Error(`pgbouncer exited with code ${child.exitCode}`);
      const client = admin();
      await client.connect();
      await client.end();
    },
    { timeout: 20_000, interval: 100 },
  );
  return {
    through,
    async transactionsOf(database) {
      const client = admin();
      await client.connect();
      try {
        const { rows } = await client.query<{ database: string; total_xact_count: string }>('SHOW STATS');
        return Number(rows.find((row) => row.database === database)?.total_xact_count ?? 0);
      } finally {
        await client.end();
      }
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
