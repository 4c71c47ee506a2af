/**
 * What one anonymous client may make the server keep or do, tried from outside against the real app: the 404
 * of an unknown API path does not echo it back; an IPv6 client is one client across its /64.
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

describe('an IPv6 client', () => {
  /** A look-up of a referral code's stats: 30 a minute per client address. */
  const lookUp = (address: string) => fetch(api.url('/api/referrals/NOCODE'), { headers: { 'x-forwarded-for': address } });

  it('is one client across its /64: two addresses of one /64 share a limit, another /64 has its own', async () => {
    for (let i = 0; i < 30; i++) {
      const response = await lookUp(`2001:db8:77:1::${(i + 1).toString(16)}`);
      expect(response.status, `#${i + 1}`).not.toBe(429);
    }
    expect((await lookUp('2001:db8:77:1:ffff:ffff:ffff:ffff')).status).toBe(429);
    expect((await lookUp('2001:0db8:0077:0001::abcd')).status).toBe(429);
    expect((await lookUp('2001:db8:77:2::1')).status).not.toBe(429);
  });

  it('is the IPv4 address when it is an IPv4-mapped IPv6 address', async () => {
    for (let i = 0; i < 30; i++) expect((await lookUp('198.51.100.9')).status).not.toBe(429);
    expect((await lookUp('::ffff:198.51.100.9')).status).toBe(429);
  });
});
