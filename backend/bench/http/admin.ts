/** The admin dashboard's reads (load-tests/admin-dashboard.js) with an administrator's token, over the last 30 days. */
import { grantAdmin } from '../../src/identity/commands/grant-admin.js';
import { buildProjections } from '../../src/projections.js';
import type { Config } from '../../src/shared/config/config.js';
import type { Db } from '../../src/shared/db/tables.js';
import { EventStore } from '../../src/shared/event-store/event-store.js';
import { load, type LoadResult } from './load.js';

export const ADMIN = { connections: 10, seconds: 10 };

export async function adminReads(baseUrl: string, db: Db, config: Config): Promise<LoadResult> {
  const email = 'bench-admin@example.com';
  const password = 'bench-admin-password';
  await grantAdmin(
    db,
    new EventStore(
      db,
      buildProjections(config).filter((p) => p.mode === 'inline'),
    ),
    { email, password },
  );
  const response = await fetch(`${baseUrl}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`admin sign-in answered ${response.status}: ${await response.text()}`);
  const { accessToken } = (await response.json()) as { accessToken: string };
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const range = `from=${day(-29)}&to=${day(0)}`;
  const paths = [
    `/api/admin/analytics/engagement?${range}`,
    `/api/admin/analytics/daily?${range}`,
    `/api/admin/analytics/traffic-sources?${range}`,
    `/api/admin/analytics/utm-campaigns?${range}`,
    `/api/admin/analytics/bots?${range}`,
    `/api/admin/analytics/search-queries?${range}`,
    '/api/early-access/status',
    '/api/referrals/leaderboard',
  ];
  let next = 0;
  return load({
    url: baseUrl,
    connections: ADMIN.connections,
    duration: ADMIN.seconds,
    headers: { authorization: `Bearer ${accessToken}` },
    path: () => paths[next++ % paths.length]!,
  });
}
