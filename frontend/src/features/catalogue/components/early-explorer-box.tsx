import { Button } from '../../../components/ui/button';
import { SparklesIcon } from './icons';

/** The category page's invitation to the Early Explorers programme. */
export function EarlyExplorerBox({ onClaim }: { onClaim: () => void }) {
  return (
    <aside
      aria-labelledby="early-explorer-title"
      className="flex flex-col gap-4 rounded-xl border border-primary/20 bg-primary/5 p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="flex gap-3">
        <SparklesIcon className="mt-0.5 size-6 shrink-0 text-primary" />
        <div className="flex flex-col gap-1">
          <h2 id="early-explorer-title" className="font-semibold">
            Early Explorer Access
          </h2>
          <p className="text-sm text-pretty text-muted-foreground">
            The first 100 sign-ups get lifetime access to one app, free of payment.
          </p>
        </div>
      </div>
      <Button type="button" onClick={onClaim} className="shrink-0">
        Claim Spot
      </Button>
    </aside>
  );
}
