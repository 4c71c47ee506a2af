/**
 * Scrolls to the element a URL hash names (/#popular, /#categories, /#all-apps). The browser's own anchor
 * jump cannot do it in an SPA: the sections render only after their data loads, so the target may not
 * exist yet when the location changes, and once it does, sections above it still grow as their data
 * arrives and push it down. So for a short while we poll, scroll to the target when it appears and again
 * whenever it moves, until the visitor scrolls or types themselves.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

const SETTLE_MS = 2000;
const POLL_EVERY_MS = 50;
const INTERACTIONS = ['wheel', 'touchstart', 'pointerdown', 'keydown'] as const;

export function useHashScroll(): void {
  // `key` too: following /#popular again while already there should scroll again.
  const { hash, key } = useLocation();

  useEffect(() => {
    if (hash.length <= 1) return;
    const id = decodeURIComponent(hash.slice(1));
    const deadline = Date.now() + SETTLE_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let alignedAt: number | undefined;
    let visitorTookOver = false;
    const takeOver = () => (visitorTookOver = true);
    for (const type of INTERACTIONS) window.addEventListener(type, takeOver, { passive: true });

    const align = () => {
      if (visitorTookOver) return;
      const target = document.getElementById(id);
      if (target) {
        const top = target.getBoundingClientRect().top + window.scrollY;
        if (top !== alignedAt) {
          target.scrollIntoView({ block: 'start' });
          alignedAt = top;
        }
      }
      if (Date.now() < deadline) timer = setTimeout(align, POLL_EVERY_MS);
    };
    align();

    return () => {
      clearTimeout(timer);
      for (const type of INTERACTIONS) window.removeEventListener(type, takeOver);
    };
  }, [hash, key]);
}
