import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiPost, OFFLINE_CODE, refreshAccessToken, setAccessToken } from './api-client';

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

async function catchError(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api-client', () => {
  it('returns the parsed JSON of a successful GET under /api, sending same-origin credentials', async () => {
    const fetchMock = stubFetch(Response.json([{ id: 'a1', name: 'Invoice Chaser' }]));

    const apps = await apiGet<{ id: string; name: string }[]>('/apps/top?limit=12&offset=0');

    expect(apps).toEqual([{ id: 'a1', name: 'Invoice Chaser' }]);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/apps/top?limit=12&offset=0');
    expect(init).toMatchObject({ method: 'GET', credentials: 'same-origin' });
  });

  it('sends a POST body as JSON', async () => {
    const fetchMock = stubFetch(Response.json({ ok: true }, { status: 201 }));

    await apiPost('/leads', { email: 'ana@example.com' });

    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(init?.body).toBe('{"email":"ana@example.com"}');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it("turns the server's error body into an ApiError with status, code, message and fields", async () => {
    stubFetch(
      Response.json(
        { code: 'LEAD.EMAIL_INVALID', message: 'Invalid email', fields: { email: 'Please enter a valid email' } },
        { status: 400 },
      ),
    );

    const error = await catchError(apiPost('/leads', { email: 'nope' }));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 'LEAD.EMAIL_INVALID',
      message: 'Invalid email',
      fields: { email: 'Please enter a valid email' },
    });
  });

  it('falls back to HTTP_<status> and a generic message when the error body is not JSON', async () => {
    stubFetch(new Response('<html>Bad Gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } }));

    const error = await catchError(apiGet('/categories'));

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 502,
      code: 'HTTP_502',
      message: 'An unexpected error occurred. Please try again.',
    });
    expect((error as ApiError).fields).toBeUndefined();
  });

  it('fails a write at once when the browser is offline, without sending it', async () => {
    const fetchMock = stubFetch(Response.json({ ok: true }));
    vi.stubGlobal('navigator', { onLine: false });

    const error = await catchError(apiPost('/leads', { email: 'ana@example.com' }));

    expect(error).toMatchObject({ code: OFFLINE_CODE, message: "You are offline. Please try again when you're back online." });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reports a read that fails while offline as offline', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    vi.stubGlobal('navigator', { onLine: false });

    expect(await catchError(apiGet('/apps'))).toMatchObject({ code: OFFLINE_CODE });
  });

  it('passes a network failure on as it is while online', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    vi.stubGlobal('navigator', { onLine: true });

    expect(await catchError(apiGet('/apps'))).toBeInstanceOf(TypeError);
  });
});

describe('api-client sessions', () => {
  afterEach(() => setAccessToken(null, async () => null));

  it('sends the access token, and after a 401 refreshes once and retries once', async () => {
    const fetchMock = vi.fn<typeof fetch>();
    fetchMock
      .mockResolvedValueOnce(Response.json({ code: 'AUTH.UNAUTHENTICATED', message: 'Please sign in to continue.' }, { status: 401 }))
      .mockResolvedValueOnce(Response.json({ ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    const refresher = vi.fn(async () => 'fresh-token');
    setAccessToken('stale-token', refresher);

    expect(await apiGet('/admin/analytics/engagement')).toEqual({ ok: true });
    expect(refresher).toHaveBeenCalledTimes(1);
    const headers = fetchMock.mock.calls.map(([, init]) => (init?.headers as Record<string, string>).Authorization);
    expect(headers).toEqual(['Bearer stale-token', 'Bearer fresh-token']);
  });

  it('gives up with the 401 when the session cannot be refreshed, and never refreshes for /auth calls', async () => {
    const unauthorized = () => Response.json({ code: 'AUTH.UNAUTHENTICATED', message: 'Please sign in to continue.' }, { status: 401 });
    const fetchMock = vi.fn<typeof fetch>(async () => unauthorized());
    vi.stubGlobal('fetch', fetchMock);
    const refresher = vi.fn(async () => null);
    setAccessToken(null, refresher);

    const error = await catchError(apiGet('/admin/leads'));
    expect(error).toMatchObject({ status: 401, code: 'AUTH.UNAUTHENTICATED' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await catchError(apiPost('/auth/refresh'));
    expect(refresher).toHaveBeenCalledTimes(1);
  });

  it('shares one refresh between concurrent requests', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => Response.json({ code: 'X', message: 'x' }, { status: 401 })),
    );
    let resolve!: (token: string | null) => void;
    const refresher = vi.fn(() => new Promise<string | null>((r) => (resolve = r)));
    setAccessToken('old', refresher);
    const first = refreshAccessToken();
    const second = refreshAccessToken();
    resolve(null);
    await Promise.all([first, second]);
    expect(refresher).toHaveBeenCalledTimes(1);
  });
});
