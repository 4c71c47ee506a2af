/**
 * Hardening: helmet's headers on every answer, a Content Security Policy with no inline script
 * but the page's own loader (by a per-response nonce), CORS closed unless CORS_ORIGINS names a site, and the
 * session cookie HttpOnly, SameSite and Secure behind TLS. The browser side (no CSP violation on any page
 * type) is frontend/e2e/security.e2e.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type ApiHarness } from './api-harness.js';
import { createAdmin, post } from './auth-helpers.js';

let api: ApiHarness;
let withCors: ApiHarness;
beforeAll(async () => {
  api = await startApi({ RATE_LIMIT_FACTOR: '100' });
  withCors = await startApi({ CORS_ORIGINS: 'https://partner.example.com', TRUST_PROXY: '1', RATE_LIMIT_FACTOR: '100' });
});
afterAll(async () => {
  await api?.close();
  await withCors?.close();
});

function directives(header: string | null): Map<string, string[]> {
  return new Map(
    (header ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('secure headers', () => {
  const pages = ['/', '/no-such-page', '/manifest.webmanifest', '/api/docs/', '/api/emails/unsubscribe?token=bad'];
  const apiPaths = ['/api/apps', '/api/no-such-endpoint', '/api/analytics/collect'];
  it.each([...pages, ...apiPaths])('sends them on %s', async (path) => {
    const { headers } = await api.get(path);
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    expect(headers.get('x-powered-by')).toBeNull();
    expect(headers.get('content-security-policy')).not.toBeNull();
  });

  it.each(pages)('lets %s run only its own scripts', async (path) => {
    const csp = directives((await api.get(path)).headers.get('content-security-policy'));
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp.get('script-src')).not.toContain("'unsafe-eval'");
  });

  it.each(apiPaths)('lets nothing load or frame the JSON of %s', async (path) => {
    const csp = directives((await api.get(path)).headers.get('content-security-policy'));
    expect(csp).toEqual(
      new Map([
        ['default-src', ["'none'"]],
        ['frame-ancestors', ["'none'"]],
      ]),
    );
  });

  it("allows the page's one inline script by a nonce that changes with every response", async () => {
    const nonces: string[] = [];
    for (const path of ['/', '/']) {
      const { headers, body } = await api.get(path);
      const nonce = /'nonce-([^']+)'/.exec(headers.get('content-security-policy')!)![1]!;
      nonces.push(nonce);
      const inline = [...(body as string).matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1]!);
      // Data blocks are never run; every other inline script carries this response's nonce.
      const executable = inline.filter((attributes) => !/type="application\/(ld\+)?json"/.test(attributes));
      expect(executable.length).toBeGreaterThan(0);
      for (const attributes of executable) expect(attributes).toContain(`nonce="${nonce}"`);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('lets the ads tag and the conversion page in only when they are configured', async () => {
    const plain = directives((await api.get('/')).headers.get('content-security-policy'));
    expect(plain.get('script-src')!.join(' ')).not.toContain('googletagmanager');
    expect(plain.get('frame-src')).toEqual(["'none'"]);
    const ads = await startApi({ GOOGLE_ADS_ID: 'AW-123456789/AbC', CONVERSION_PAGE_URL: 'https://lp.example.com/thanks' });
    try {
      const csp = directives((await ads.get('/')).headers.get('content-security-policy'));
      expect(csp.get('script-src')).toContain('https://www.googletagmanager.com');
      expect(csp.get('frame-src')).toContain('https://lp.example.com');
      expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
    } finally {
      await ads.close();
    }
  });
});

describe('CORS', () => {
  const preflight = (harness: ApiHarness, origin: string) =>
    fetch(harness.url('/api/leads'), {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });

  it('is closed without CORS_ORIGINS: no site may read an answer or send a JSON write', async () => {
    const response = await preflight(api, 'https://evil.example.com');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const read = await fetch(api.url('/api/apps'), { headers: { origin: 'https://evil.example.com' } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('opens to the configured origins only', async () => {
    const allowed = await preflight(withCors, 'https://partner.example.com');
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://partner.example.com');
    expect(allowed.headers.get('access-control-allow-credentials')).toBe('true');
    const other = await preflight(withCors, 'https://evil.example.com');
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('the session cookie', () => {
  async function signInCookie(harness: ApiHarness, headers: Record<string, string> = {}): Promise<string> {
    const email = `cookie-${Math.random().toString(36).slice(2)}@example.com`;
    await createAdmin(harness, email, 'cookie-secret');
    const response = await post(harness, '/api/auth/sign-in', { email, password: 'cookie-secret' }, headers);
    expect(response.status).toBe(200);
    return response.headers.get('set-cookie')!;
  }

  it('is HttpOnly and SameSite=Strict, and not Secure over plain http', async () => {
    const cookie = await signInCookie(api, { 'x-forwarded-proto': 'https' });
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    // Without TRUST_PROXY a client cannot claim https by a header.
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });

  it('is Secure behind a TLS-terminating proxy (TRUST_PROXY, X-Forwarded-Proto: https)', async () => {
    const cookie = await signInCookie(withCors, { 'x-forwarded-proto': 'https' });
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
  });
});
