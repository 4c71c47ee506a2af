import { Button } from '../../../components/ui/button';
import { useEarlyAccessWording } from '../../../lib/early-access-wording';
import { SparklesIcon } from './icons';

/** The category page's invitation to the Early Explorers programme, or to its wait-list once the spots are taken. */
export function EarlyExplorerBox({ onClaim }: { onClaim: () => void }) {
  const wording = useEarlyAccessWording();
  return (
    <aside
      aria-labelledby="early-explorer-title"
      className="flex flex-col gap-4 rounded-xl border border-primary/20 bg-primary/5 p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <SparklesIcon className="mt-0.5 size-6 shrink-0 text-primary" />
        <div className="flex flex-col gap-1">
          <h2 id="early-explorer-title" className="font-semibold">
            {wording.boxTitle}
          </h2>
          <p className="text-sm text-pretty text-muted-foreground">{wording.boxText}</p>
        </div>
      </div>
      <Button type="button" onClick={onClaim} className="shrink-0">
        {wording.claim}
      </Button>
    </aside>
  );
}
