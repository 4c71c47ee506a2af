import { useEffect, useState } from 'react';
import { usePwaStore } from '../pwa-store';
import { InstallDialog } from './install-dialog';
import { UpdateNotice } from './update-notice';

/** The update notice while an update waits and is not dismissed; the install instructions once opened. */
export function PwaOverlays() {
  const showUpdate = usePwaStore((state) => state.applyUpdate !== null && !state.updateDismissed);
  const instructionsOpen = usePwaStore((state) => state.instructionsOpen);
  // Once opened, the dialog stays mounted so it can animate out and give focus back.
  const [instructionsWanted, setInstructionsWanted] = useState(false);
  useEffect(() => {
    if (instructionsOpen) setInstructionsWanted(true);
  }, [instructionsOpen]);
  return (
    <>
      {showUpdate && <UpdateNotice />}
      {(instructionsOpen || instructionsWanted) && <InstallDialog />}
    </>
  );
}
