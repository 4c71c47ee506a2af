/**
 * Referral codes on the client: the code a visitor arrived with (kept for the browser session so it survives
 * navigation until they join) and share links. Kept this small on purpose: the root layout loads it on every
 * page, and bundlers place a shared module whole in the first-load chunk.
 */
import { useEffect } from 'react';

export const REF_STORAGE_KEY = 'unsheet.ref';
/** Codes whose click this browser session has already recorded, space-separated. */
export const CLICKED_STORAGE_KEY = 'unsheet.ref.clicked';

// Loose on purpose: the server decides whether a code exists; this only keeps junk out of storage.
const REF_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

function refFrom(search: string): string | null {
  const ref = new URLSearchParams(search).get('ref')?.trim();
  return ref && REF_PATTERN.test(ref) ? ref : null;
}

/**
 * Remembers a ?ref=CODE from whichever page the visitor lands on, and records the click once per browser
 * session (the server works out the platform from via / utm_source / the referrer, and reads the user
 * agent itself). Arrival is what counts: links inside the site never carry a ref, so later client-side
 * navigations need no second look.
 */
export function useRememberReferral(): void {
  useEffect(() => {
    const ref = refFrom(window.location.search);
    if (!ref) return;
    const code = ref.toUpperCase();
    let clicked: string[] = [];
    try {
      sessionStorage.setItem(REF_STORAGE_KEY, ref);
      clicked = (sessionStorage.getItem(CLICKED_STORAGE_KEY) ?? '').split(' ');
      if (clicked.includes(code)) return;
      sessionStorage.setItem(CLICKED_STORAGE_KEY, [...clicked, code].join(' ').trim());
    } catch {
      // Storage can be disabled (private modes, policies); the code in the URL still counts on this page.
    }
    // Loaded only when a visit carries a ref: most visits never need it.
    import('./referral-click')
      .then((click) => click.recordReferralClick(code))
      .catch((error: unknown) => console.error('Recording the referral click failed', error));
  }, []);
}

/** The code to send with a join: the current URL's, else the remembered one. Call in event handlers. */
export function readReferral(): string | undefined {
  const fromUrl = refFrom(window.location.search);
  if (fromUrl) return fromUrl;
  try {
    const stored = sessionStorage.getItem(REF_STORAGE_KEY);
    return stored && REF_PATTERN.test(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

export function shareLink(code: string, origin: string): string {
  return `${origin}/?ref=${encodeURIComponent(code)}`;
}
