/**
 * Mounts the visitor dialogs once, driven by the modals store (lib/modals.ts), and remembers a ?ref= code
 * from whatever page a visitor lands on. Rendered client-only by the root layout.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useRememberReferral } from '../features/early-access/referral';
import { useModals, type ModalKind } from '../lib/modals';

// Each dialog is loaded on its first opening, like the mobile menu: most visits never open one, and the
// first-load budget is tight. Once loaded it stays mounted, so it can animate out and give focus back to its
// trigger.
const LeadDialog = lazy(() => import('../features/early-access/components/lead-dialog').then((module) => ({ default: module.LeadDialog })));
const SuggestionDialog = lazy(() =>
  import('../features/feedback/components/suggestion-dialog').then((module) => ({
    default: module.SuggestionDialog,
  })),
);
const QuickQuestionDialog = lazy(() =>
  import('../features/feedback/components/quick-question-dialog').then((module) => ({
    default: module.QuickQuestionDialog,
  })),
);
const DeveloperInquiryDialog = lazy(() =>
  import('../features/feedback/components/developer-inquiry-dialog').then((module) => ({
    default: module.DeveloperInquiryDialog,
  })),
);

export function ModalsHost() {
  const open = useModals((state) => state.open);
  const context = useModals((state) => state.context);
  const closeModal = useModals((state) => state.closeModal);
  const [wanted, setWanted] = useState<ReadonlySet<ModalKind>>(() => new Set());
  useRememberReferral();

  useEffect(() => {
    if (open) setWanted((kinds) => (kinds.has(open) ? kinds : new Set(kinds).add(open)));
  }, [open]);

  const onOpenChange = (next: boolean) => {
    if (!next) closeModal();
  };
  const mounted = (kind: ModalKind) => wanted.has(kind) || open === kind;

  // One boundary per dialog, so one loading never blanks another that is animating out.
  return (
    <>
      <Suspense fallback={null}>{mounted('lead') && <LeadDialog open={open === 'lead'} onOpenChange={onOpenChange} />}</Suspense>
      <Suspense fallback={null}>
        {mounted('suggestion') && <SuggestionDialog open={open === 'suggestion'} onOpenChange={onOpenChange} context={context} />}
      </Suspense>
      <Suspense fallback={null}>
        {mounted('quick-question') && <QuickQuestionDialog open={open === 'quick-question'} onOpenChange={onOpenChange} />}
      </Suspense>
      <Suspense fallback={null}>
        {mounted('developer-inquiry') && <DeveloperInquiryDialog open={open === 'developer-inquiry'} onOpenChange={onOpenChange} />}
      </Suspense>
    </>
  );
}
