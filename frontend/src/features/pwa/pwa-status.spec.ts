import { describe, expect, it } from 'vitest';
import { usePwaStore, type BeforeInstallPromptEvent } from './pwa-store';
import { pwaStatus } from './pwa-status';

const initial = usePwaStore.getInitialState();
const prompt = {} as BeforeInstallPromptEvent;

describe('PWA status', () => {
  it('starts with nothing to install, no update and no service worker yet', () => {
    expect(pwaStatus(initial)).toEqual({
      serviceWorker: 'not-registered',
      installPromptAvailable: false,
      installMethod: null,
      installed: false,
      standalone: false,
      updateAvailable: false,
    });
  });

  it('offers the kept prompt', () => {
    const status = pwaStatus({ ...initial, installPrompt: prompt });
    expect(status.installPromptAvailable).toBe(true);
    expect(status.installMethod).toBe('prompt');
  });

  it('hides Install app when running standalone, even with a prompt', () => {
    expect(pwaStatus({ ...initial, installPrompt: prompt, standalone: true }).installMethod).toBeNull();
  });

  it('reports a waiting update until it is applied', () => {
    expect(pwaStatus({ ...initial, applyUpdate: () => {} }).updateAvailable).toBe(true);
  });

  it('reports the service worker state as it is', () => {
    expect(pwaStatus({ ...initial, serviceWorker: 'active' }).serviceWorker).toBe('active');
    expect(pwaStatus({ ...initial, serviceWorker: 'failed' }).serviceWorker).toBe('failed');
  });
});
