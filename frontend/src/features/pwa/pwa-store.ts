/**
 * The installed-app state of this page: the kept install prompt, whether the site runs standalone, the
 * service worker's state and a waiting update. Part of the first load (the header's 'Install app' reads it
 * and the prompt must be caught early), so it stays tiny: the rest starts in a lazily loaded module
 * (start-pwa.ts), and the dialogs and notice are lazy components.
 */
import { create } from 'zustand';
import { installMethod, type InstallMethod } from './install-rules';
import type { Platform } from './platform';

export type ServiceWorkerState = 'not-registered' | 'registering' | 'active' | 'failed' | 'unsupported';

/** Chromium's event, not in TypeScript's DOM types. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

export interface PwaState {
  serviceWorker: ServiceWorkerState;
  standalone: boolean;
  installed: boolean;
  platform: Platform;
  installPrompt: BeforeInstallPromptEvent | null;
  instructionsOpen: boolean;
  /** Set while a new version waits; calling it makes that version take over, and the page reloads once. */
  applyUpdate: (() => void) | null;
  updateDismissed: boolean;
}

// The server renders with this state and hydration uses it too (zustand's server snapshot); what the
// browser knows is set after, by watchInstallPrompt and start-pwa.ts.
export const usePwaStore = create<PwaState>(() => ({
  serviceWorker: 'not-registered',
  standalone: false,
  installed: false,
  platform: 'desktop',
  installPrompt: null,
  instructionsOpen: false,
  applyUpdate: null,
  updateDismissed: false,
}));

/**
 * Called once by main.tsx before the page hydrates, so no beforeinstallprompt is missed. The platform and
 * display mode are read later, by the lazily loaded start-pwa.ts.
 */
export function watchInstallPrompt(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Kept for 'Install app' instead of the browser's own mini-infobar.
    event.preventDefault();
    usePwaStore.setState({ installPrompt: event as BeforeInstallPromptEvent });
  });
  window.addEventListener('appinstalled', () => usePwaStore.setState({ installed: true, installPrompt: null }));
}

/** 'Install app': the browser's prompt if one is kept (accepting counts as installed), else the instructions. */
export async function install(): Promise<void> {
  const prompt = usePwaStore.getState().installPrompt;
  if (!prompt) {
    usePwaStore.setState({ instructionsOpen: true });
    return;
  }
  // A prompt can be shown only once.
  usePwaStore.setState({ installPrompt: null });
  try {
    await prompt.prompt();
    const { outcome } = await prompt.userChoice;
    if (outcome === 'accepted') usePwaStore.setState({ installed: true });
  } catch (error) {
    console.error('The install prompt failed', error);
    usePwaStore.setState({ instructionsOpen: true });
  }
}

/** How 'Install app' installs now, or null when the entry is hidden. */
export function selectInstallMethod(state: PwaState): InstallMethod {
  return installMethod({ ...state, hasPrompt: state.installPrompt !== null });
}
