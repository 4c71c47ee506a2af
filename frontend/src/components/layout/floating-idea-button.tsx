import { useIdeaButtonHidden } from '../../lib/idea-button';
import { useModals } from '../../lib/modals';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';

// Compact on purpose: it floats over every page, so at 375 px it must not cover more than a corner. It steps
// aside while the page shows a button of its own to the same dialog (lib/idea-button.ts).
export function FloatingIdeaButton() {
  const openModal = useModals((state) => state.openModal);
  const hidden = useIdeaButtonHidden();

  return (
    <Button
      type="button"
      onClick={() => openModal('suggestion')}
      className={cn(
        'fixed right-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-30 h-11 rounded-full px-4 shadow-lg print:hidden',
        hidden && 'invisible',
      )}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M9 18h6M10 22h4" />
        <path d="M12 2a7 7 0 0 0-4 12.7c.6.5 1 1.2 1 2V17h6v-.3c0-.8.4-1.5 1-2A7 7 0 0 0 12 2Z" />
      </svg>
      Got an idea?
    </Button>
  );
}
