/** GET /api/admin/apps/google-ads.csv over HTTP: admin only, the active apps, final URLs on PUBLIC_BASE_URL. */
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startsFormula } from '../../contracts/csv.js';
import { startApi, type ApiHarness } from './api-harness.js';
import { bearer, createAdmin, json, signUpConfirmed } from './auth-helpers.js';

const PATH = '/api/admin/apps/google-ads.csv';
let api: ApiHarness;
let admin: Record<string, string>;
let visitor: Record<string, string>;

beforeAll(async () => {
  api = await startApi({ PUBLIC_BASE_URL: 'https://ads.unsheet.example/' });
  admin = bearer(await createAdmin(api));
  visitor = bearer(await signUpConfirmed(api, 'visitor@example.com', 'secret1'));
});
afterAll(async () => {
  await api?.close();
});

const add = async (fields: Record<string, unknown>) => {
  const response = await fetch(api.url('/api/admin/apps'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...admin },
    body: JSON.stringify(fields),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await json(response)) as { id: string; slug: string };
};

describe(`GET ${PATH}`, () => {
  it('answers 401 signed out and 403 for a visitor', async () => {
    expect((await fetch(api.url(PATH))).status).toBe(401);
    const asVisitor = await fetch(api.url(PATH), { headers: visitor });
    expect(asVisitor.status).toBe(403);
    expect(await json(asVisitor)).toEqual({ code: 'AUTH.FORBIDDEN', message: 'Only an administrator can do this.' });
  });

  it('gives the admin the file of the active apps, its final URLs on PUBLIC_BASE_URL whatever the Host', async () => {
    await add({ name: 'Invoice Chaser', slug: 'invoice-chaser', description: 'Chases 🚀 invoices.', category: 'Finance' });
    await add({ name: 'Invoice Chaser', slug: 'invoice-chaser-eu', description: 'Chases invoices abroad.', category: 'Finance' });
    const gone = await add({ name: '=Gone App', description: 'Deactivated.', category: 'Other' });
    const deactivated = await fetch(api.url(`/api/admin/apps/${gone.id}/deactivate`), { method: 'POST', headers: admin });
    expect(deactivated.status).toBe(200);

    const response = await fetch(api.url(PATH), { headers: { ...admin, 'x-forwarded-host': 'evil.example' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="google_ads_editor_import_${new Date().toISOString().slice(0, 10)}.csv"`,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const text = new TextDecoder().decode(bytes);
    // The file ends with the suggested max CPC as a comment line, to be set by hand after the import.
    expect(text.trimEnd().split(/\r?\n/).at(-1)).toBe('# Suggested max CPC: €2.50. Set it manually after the import.');
    const rows: Record<string, string>[] = parse(text, { bom: true, columns: true, comment: '#' });
    const ads = rows.filter((row) => row['Ad Type']);
    expect(ads.map((row) => row['Final URL']).sort()).toEqual([
      'https://ads.unsheet.example/app/invoice-chaser',
      'https://ads.unsheet.example/app/invoice-chaser',
      'https://ads.unsheet.example/app/invoice-chaser-eu',
      'https://ads.unsheet.example/app/invoice-chaser-eu',
    ]);
    expect(new Set(rows.map((row) => row['Ad Group']).filter(Boolean))).toEqual(
      new Set(['Invoice Chaser - Finance (invoice-chaser)', 'Invoice Chaser - Finance (invoice-chaser-eu)']),
    );
    expect(ads.map((row) => row['Description 1'])).toContain('Chases invoices.');
    for (const row of rows) for (const cell of Object.values(row)) expect(startsFormula(cell)).toBe(false);
  });
});
