/**
 * Mounts the update notice and the install instructions when the PWA store asks for them. Both are lazy
 * chunks: most visits never show either. Rendered client-only by the root layout.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { usePwaStore } from '../pwa-store';

const UpdateNotice = lazy(() => import('./update-notice').then((module) => ({ default: module.UpdateNotice })));
const InstallDialog = lazy(() => import('./install-dialog').then((module) => ({ default: module.InstallDialog })));

export function PwaHost() {
  const showUpdate = usePwaStore((state) => state.applyUpdate !== null && !state.updateDismissed);
  const instructionsOpen = usePwaStore((state) => state.instructionsOpen);
  // Once opened, the dialog stays mounted so it can animate out and give focus back.
  const [instructionsWanted, setInstructionsWanted] = useState(false);
  useEffect(() => {
    if (instructionsOpen) setInstructionsWanted(true);
  }, [instructionsOpen]);
  return (
    <>
      <Suspense fallback={null}>{showUpdate && <UpdateNotice />}</Suspense>
      <Suspense fallback={null}>{(instructionsOpen || instructionsWanted) && <InstallDialog />}</Suspense>
    </>
  );
}
