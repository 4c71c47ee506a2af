/**
 * Mounts the visitor dialogs once, driven by the modals store (app/modals.ts), and remembers a ?ref= code
 * from whatever page a visitor lands on. Rendered client-only by the root layout.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useRememberReferral } from '../features/early-access/referral';
import { useModals } from './modals';

// Loaded on first opening, like the mobile menu: most visits never open it, and the first-load budget is
// tight. Once loaded it stays mounted, so it can animate out and give focus back to its trigger.
const LeadDialog = lazy(() =>
  import('../features/early-access/components/lead-dialog').then((module) => ({ default: module.LeadDialog })),
);

export function ModalsHost() {
  const open = useModals((state) => state.open);
  const closeModal = useModals((state) => state.closeModal);
  const [leadWanted, setLeadWanted] = useState(false);
  useRememberReferral();

  useEffect(() => {
    if (open === 'lead') setLeadWanted(true);
  }, [open]);

  const onOpenChange = (next: boolean) => {
    if (!next) closeModal();
  };

  // The suggestion, developer-inquiry and quick-question dialogs come with the feedback feature.
  return (
    <Suspense fallback={null}>
      {(leadWanted || open === 'lead') && <LeadDialog open={open === 'lead'} onOpenChange={onOpenChange} />}
    </Suspense>
  );
}
