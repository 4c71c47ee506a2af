/*
 * The one way the frontend talks to the backend. Every non-2xx answer becomes an ApiError carrying the
 * server's stable `code`, so callers branch on codes and show `message` without parsing responses.
 */

const API_BASE = '/api';
/** What the visitor reads when the server gave no message of its own (forms show it for a failure of any kind). */
export const FALLBACK_MESSAGE = 'An unexpected error occurred. Please try again.';
/** The code of the error a request gets when the browser is offline (see use-submit.ts). */
export const OFFLINE_CODE = 'NETWORK.OFFLINE';
const OFFLINE_MESSAGE = "You are offline. Please try again when you're back online.";

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields?: Record<string, string>;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    if (fields) this.fields = fields;
  }
}

export function apiGet<T>(path: string): Promise<T> {
  return request<T>('GET', path);
}

/** A GET whose answer is a file (a CSV download), kept byte for byte; errors as for the JSON calls. */
export function apiGetBlob(path: string): Promise<Blob> {
  return request<Blob>('GET', path, undefined, (response) => response.blob());
}

export function apiPost<T>(path: string, body?: unknown): Promise<T> {
  return request<T>('POST', path, body);
}

export function apiSend<T>(method: 'PATCH' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  return request<T>(method, path, body);
}

// The access token lives in memory only; features/auth/auth-client.ts sets it and supplies `refresh`, which
// exchanges the HttpOnly refresh cookie for a new one (null when the session is gone).
let accessToken: string | null = null;
let refresh: (() => Promise<string | null>) | null = null;
let refreshing: Promise<string | null> | null = null;

export function setAccessToken(token: string | null, refresher?: () => Promise<string | null>): void {
  accessToken = token;
  if (refresher) refresh = refresher;
}

/** One refresh at a time, shared by every request that needs it. */
export function refreshAccessToken(): Promise<string | null> {
  if (!refresh) return Promise.resolve(null);
  refreshing ??= refresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function request<T>(
  method: string,
  path: string,
  body?: unknown,
  read: (response: Response) => Promise<unknown> = (response) => response.json(),
): Promise<T> {
  // Writes are never queued or cached (the service worker leaves them to the network): offline, one fails at
  // once with an error that says so, instead of a generic failure.
  if (method !== 'GET' && isOffline()) throw offlineError();
  const send = async (token: string | null) => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Bearer ${token}`;
    try {
      return await fetch(`${API_BASE}${path}`, {
        method,
        headers,
        credentials: 'same-origin',
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      if (isOffline()) throw offlineError();
      throw error;
    }
  };

  let response = await send(accessToken);
  // Expired or missing access token: refresh once and retry this request a single time.
  if (response.status === 401 && refresh && !path.startsWith('/auth/')) {
    const token = await refreshAccessToken();
    if (token) response = await send(token);
  }

  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  return (await read(response)) as T;
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

function offlineError(): ApiError {
  return new ApiError(0, OFFLINE_CODE, OFFLINE_MESSAGE);
}

async function toApiError(response: Response): Promise<ApiError> {
  const fallbackCode = `HTTP_${response.status}`;
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    // Proxies and crashed servers answer with HTML or nothing; the visitor still gets a readable message.
    return new ApiError(response.status, fallbackCode, FALLBACK_MESSAGE);
  }
  if (!isRecord(body)) return new ApiError(response.status, fallbackCode, FALLBACK_MESSAGE);

  const code = typeof body.code === 'string' ? body.code : fallbackCode;
  const message = typeof body.message === 'string' ? body.message : FALLBACK_MESSAGE;
  return new ApiError(response.status, code, message, toFields(body.fields));
}

function toFields(value: unknown): Record<string, string> | undefined {
  if (!isRecord(value)) return undefined;
  const fields = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return fields.length > 0 ? Object.fromEntries(fields) : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
