import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { trackInteraction } from '../../../lib/analytics/track';

// Spec §9: the copied indicator resets after 2 s.
export const COPIED_FOR_MS = 2000;

/** Copies a share link; 'Copied!' for 2 s, or the spec's 'Could not copy link' toast when the browser refuses. */
export function CopyButton({ text }: { text: string }) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
    } catch (error) {
      console.error('Copying the share link failed', error);
      toast.error('Could not copy link');
      return;
    }
    trackInteraction(null, 'share', { channel: 'copy_link' });
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_FOR_MS);
  }

  return (
    <Button type="button" variant="outline" className="h-10 min-w-24" onClick={() => void copy()} aria-live="polite">
      {copied ? 'Copied!' : 'Copy link'}
    </Button>
  );
}
