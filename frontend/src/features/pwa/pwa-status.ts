/**
 * The real service-worker and install state, for the admin Settings panel's PWA card ('Active',
 * 'Available'). Kept apart from pwa-store.ts, which is part of every page's first load.
 */
import { useShallow } from 'zustand/react/shallow';
import type { InstallMethod } from './install-rules';
import { selectInstallMethod, usePwaStore, type PwaState, type ServiceWorkerState } from './pwa-store';

export interface PwaStatus {
  serviceWorker: ServiceWorkerState;
  /** The browser's install prompt is kept and can be shown. */
  installPromptAvailable: boolean;
  /** How 'Install app' installs, or null when the entry is hidden. */
  installMethod: InstallMethod;
  installed: boolean;
  standalone: boolean;
  /** A new version is waiting for 'Atualizar agora'. */
  updateAvailable: boolean;
}

export function pwaStatus(state: PwaState): PwaStatus {
  return {
    serviceWorker: state.serviceWorker,
    installPromptAvailable: state.installPrompt !== null,
    installMethod: selectInstallMethod(state),
    installed: state.installed,
    standalone: state.standalone,
    updateAvailable: state.applyUpdate !== null,
  };
}

export function usePwaStatus(): PwaStatus {
  return usePwaStore(useShallow(pwaStatus));
}
