/**
 * 'Nova versão disponível' (spec §4 Update and §8): shown while a new version waits. 'Atualizar agora'
 * makes it take over and the page reloads once, when it has (start-pwa.ts); 'Agora não'
 * hides the notice until the next page load. Portuguese, as the spec has it, marked lang="pt" for screen
 * readers on this English site.
 */
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { usePwaStore } from '../pwa-store';

export function UpdateNotice() {
  const applyUpdate = usePwaStore((state) => state.applyUpdate);
  const [updating, setUpdating] = useState(false);

  return (
    <section
      lang="pt"
      role="status"
      aria-labelledby="update-notice-title"
      // Across the bottom on phones; in the bottom-left corner on wider screens.
      className="fixed inset-x-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-40 rounded-xl border bg-card p-4 text-card-foreground shadow-lg transition-[opacity,translate] duration-300 starting:translate-y-4 starting:opacity-0 motion-reduce:transition-none sm:right-auto sm:bottom-4 sm:w-96 print:hidden"
    >
      <div className="flex items-start gap-3">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="mt-0.5 size-5 shrink-0 text-primary"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M21 12a9 9 0 1 1-3-6.7L21 8" />
          <path d="M21 3v5h-5" />
        </svg>
        <div className="flex flex-col gap-1">
          <h2 id="update-notice-title" className="font-semibold">
            Nova versão disponível
          </h2>
          <p className="text-sm text-muted-foreground">Uma nova versão do Unsheet está pronta para ser instalada.</p>
        </div>
      </div>
      <div className="mt-4 flex justify-end gap-2">
        <Button type="button" variant="ghost" onClick={() => usePwaStore.setState({ updateDismissed: true })}>
          Agora não
        </Button>
        <Button
          type="button"
          disabled={updating}
          onClick={() => {
            setUpdating(true);
            applyUpdate?.();
          }}
        >
          Atualizar agora
        </Button>
      </div>
    </section>
  );
}
