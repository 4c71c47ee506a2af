/**
 * Mounts the update notice and the install instructions (one lazy chunk, pwa-overlays.tsx) the first time
 * the PWA store asks for either: most visits never show them. Rendered client-only by the root layout.
 */
import { lazy, Suspense } from 'react';
import { usePwaStore } from '../pwa-store';

const PwaOverlays = lazy(() => import('./pwa-overlays').then((module) => ({ default: module.PwaOverlays })));

export function PwaHost() {
  const wanted = usePwaStore((state) => state.applyUpdate !== null || state.instructionsOpen);
  return <Suspense fallback={null}>{wanted && <PwaOverlays />}</Suspense>;
}
