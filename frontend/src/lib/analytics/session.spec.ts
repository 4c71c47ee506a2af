import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
    key: (index) => [...items.keys()][index] ?? null,
    get length() {
      return items.size;
    },
  };
}

/** A fresh copy of the module (it keeps the ids in memory) in a browser with the given storages and privacy signals. */
async function browser({ doNotTrack = null as string | null, globalPrivacyControl = false } = {}) {
  vi.stubGlobal('navigator', { doNotTrack, globalPrivacyControl });
  vi.resetModules();
  return import('./session');
}

let session: Storage;
let local: Storage;
beforeEach(() => {
  session = memoryStorage();
  local = memoryStorage();
  vi.stubGlobal('sessionStorage', session);
  vi.stubGlobal('localStorage', local);
});
afterEach(() => vi.unstubAllGlobals());

describe('the session id', () => {
  it('is a uuid kept in sessionStorage for the browser session', async () => {
    const { getSessionId } = await browser();
    const id = getSessionId();
    expect(id).toMatch(UUID_V4);
    expect(session.getItem('unsheet.session-id')).toBe(id);
    // A reload (a fresh module) finds the same id.
    expect((await browser()).getSessionId()).toBe(id);
  });

  it('replaces a stored value that is not a uuid', async () => {
    session.setItem('unsheet.session-id', '<script>');
    const { getSessionId } = await browser();
    expect(getSessionId()).toMatch(UUID_V4);
  });

  it('still holds for the page when storage is disabled', async () => {
    vi.stubGlobal('sessionStorage', {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    const { getSessionId } = await browser();
    const id = getSessionId();
    expect(id).toMatch(UUID_V4);
    expect(getSessionId()).toBe(id);
  });
});

describe('the visitor id', () => {
  it('is a uuid kept in localStorage, across sessions', async () => {
    const { getVisitorId } = await browser();
    const id = getVisitorId();
    expect(id).toMatch(UUID_V4);
    expect(local.getItem('unsheet.visitor-id')).toBe(id);
    session.clear();
    expect((await browser()).getVisitorId()).toBe(id);
  });

  it('is neither created nor sent under Do Not Track or Global Privacy Control', async () => {
    expect((await browser({ doNotTrack: '1' })).getVisitorId()).toBeNull();
    expect((await browser({ globalPrivacyControl: true })).getVisitorId()).toBeNull();
    expect(local.getItem('unsheet.visitor-id')).toBeNull();
    expect((await browser({ doNotTrack: '0' })).getVisitorId()).toMatch(UUID_V4);
  });
});

describe('random ids', () => {
  it('are uuid v4 also where crypto.randomUUID is missing (plain http)', async () => {
    const { randomId } = await browser();
    const getRandomValues = crypto.getRandomValues.bind(crypto);
    vi.stubGlobal('crypto', { getRandomValues });
    const ids = Array.from({ length: 100 }, () => randomId());
    for (const id of ids) expect(id).toMatch(UUID_V4);
    expect(new Set(ids).size).toBe(100);
  });
});
