/**
 * When the site can be installed (spec §4, Install). Pure, so the rules are unit-tested
 * (install-rules.spec.ts); pwa-store.ts feeds them the browser's state.
 */
import type { Platform } from './platform';

export interface InstallState {
  /** Running as an installed app: display-mode standalone, or iOS's home-screen flag (navigator.standalone). */
  standalone: boolean;
  /** The visitor accepted the browser's install prompt (or the browser reported appinstalled). */
  installed: boolean;
  /** A beforeinstallprompt event is kept and not used yet. */
  hasPrompt: boolean;
  platform: Platform;
}

/**
 * How 'Install app' installs, or null when the entry is hidden. Where the browser offers a prompt, the
 * prompt. iOS never offers one (Safari installs only through Share, Add to Home Screen), so there the
 * entry opens the instructions.
 */
export type InstallMethod = 'prompt' | 'instructions' | null;

export function installMethod(state: InstallState): InstallMethod {
  if (state.standalone || state.installed) return null;
  if (state.hasPrompt) return 'prompt';
  if (state.platform === 'ios') return 'instructions';
  return null;
}
