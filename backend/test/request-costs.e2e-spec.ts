/**
 * What one anonymous request may make the server keep or do, tried from outside against the real app: the 404
 * of an unknown API path does not echo it back.
 * Each client here is its own address: the app trusts X-Forwarded-For from loopback (TRUST_PROXY=loopback).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiHarness } from './api-harness.js';

let api: ApiHarness;
let clients = 0;
/** A client address of its own (10.1.x.y), believed because the request comes from loopback. */
const newClient = () => {
  clients++;
  return { 'x-forwarded-for': `10.1.${Math.floor(clients / 250)}.${(clients % 250) + 1}` };
};

beforeAll(async () => {
  api = await startApi({ RATE_LIMIT_FACTOR: '1', TRUST_PROXY: 'loopback', CATALOGUE_CACHE_MS: '0' });
}, 120_000);
afterAll(async () => {
  await api?.close();
});

describe('an unknown API path', () => {
  it('answers a 404 that holds none of the path, whatever the method', async () => {
    const script = '/api/unknown/<script>alert(1)</script>';
    const long = `/api/unknown/${'pathpart-'.repeat(200)}end`;
    for (const path of [script, encodeURI(script), long]) {
      for (const method of ['GET', 'POST', 'DELETE']) {
        const response = await fetch(api.url(path), { method, headers: newClient() });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
        const text = await response.text();
        expect(JSON.parse(text)).toEqual({ code: 'NOT_FOUND', message: 'There is nothing at this address.' });
        for (const fragment of ['script', 'alert', 'unknown', 'pathpart', '%3C']) expect(text).not.toContain(fragment);
      }
    }
  });
});
