import { useIdeaButtonHidden } from '../../lib/idea-button';
import { useModals } from '../../lib/modals';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';

/**
 * 'Got an idea?', on every page and always in view, where it covers nothing: in the sticky header below 1280 px
 * (`placement="header"`), where no margin beside the content is wide enough for it, and floating in the right
 * margin from 1280 px (`placement="margin"`), beside the content column (max-w-6xl), never over it. Floating at
 * the screen's bottom corner it covered a category link, a card's corner and, on a phone, most of a card. It
 * steps aside while the page shows a button of its own to the same dialog (lib/idea-button.ts).
 */
export function FloatingIdeaButton({ placement }: { placement: 'header' | 'margin' }) {
  const openModal = useModals((state) => state.openModal);
  const hidden = useIdeaButtonHidden();

  return (
    <Button
      type="button"
      onClick={() => openModal('suggestion')}
      className={cn(
        'print:hidden',
        placement === 'header'
          ? 'h-9 shrink-0 rounded-full px-3 xl:hidden max-[359px]:px-2.5'
          : 'fixed top-1/2 right-3 z-30 hidden h-auto w-14 -translate-y-1/2 flex-col gap-1 rounded-2xl px-1 py-3 text-xs leading-tight whitespace-normal shadow-lg xl:flex',
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
      {/* The smallest phones show the bulb alone; the name stays for assistive technology. */}
      <span className={placement === 'header' ? 'max-[359px]:sr-only' : 'text-center'}>Got an idea?</span>
    </Button>
  );
}
