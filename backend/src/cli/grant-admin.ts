/**
 * `npm run admin:grant -- someone@example.com`: makes an existing, confirmed account an administrator.
 * `npm run admin:grant -- someone@example.com --password '…'`: creates a confirmed administrator account
 * (the first admin), also over a registration nobody confirmed.
 * `npm run admin:grant -- someone@example.com --revoke`: takes the role back.
 * The running app's workers pick the events up on their next poll.
 * In embedded mode (no DATABASE_URL) it refuses while the app runs: PGlite's data folder has one owner at a time.
 */
import { parseArgs } from 'node:util';
import { configOrExit, openDatabaseOrExit } from '../bootstrap-config.js';
import { GrantAdminError, grantAdmin } from '../identity/commands/grant-admin.js';
import { buildProjections } from '../projections.js';
import { EventStore } from '../shared/event-store/event-store.js';

const USAGE = "Usage: npm run admin:grant -- <email> [--password '<at least 6 characters>' | --revoke]";

const config = configOrExit();
let email: string | undefined;
let password: string | undefined;
let revoke = false;
try {
  const { values, positionals } = parseArgs({
    options: { password: { type: 'string' }, revoke: { type: 'boolean' } },
    allowPositionals: true,
  });
  [email] = positionals;
  password = values.password;
  revoke = values.revoke ?? false;
} catch (error) {
  console.error(`${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (!email) {
  console.error(USAGE);
  process.exit(2);
}

const { db, close } = await openDatabaseOrExit(config);
try {
  const events = new EventStore(
    db,
    buildProjections(config).filter((p) => p.mode === 'inline'),
  );
  const outcome = await grantAdmin(db, events, { email, password, revoke });
  console.log(
    {
      granted: `${email} is now an administrator.`,
      created: `Created the administrator account ${email}; it can sign in at /admin/login.`,
      'already-admin': `${email} is already an administrator.`,
      revoked: `${email} is no longer an administrator.`,
      'not-admin': `${email} is not an administrator; nothing changed.`,
    }[outcome],
  );
} catch (error) {
  if (!(error instanceof GrantAdminError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await close();
}
