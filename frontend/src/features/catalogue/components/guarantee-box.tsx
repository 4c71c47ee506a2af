import { Collapsible } from 'radix-ui';
import { ShieldIcon } from './icons';
import { ChevronDownIcon } from '../../../components/ui/chevron-down-icon';

/** The money-back promise, folded by default so it reassures without pushing the content down. */
export function GuaranteeBox({ appName }: { appName: string }) {
  return (
    <Collapsible.Root data-testid="guarantee" className="group rounded-xl border border-secondary/30 bg-accent text-accent-foreground">
      <Collapsible.Trigger className="flex w-full items-center gap-3 rounded-xl px-4 py-4 text-left font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring sm:px-5">
        <ShieldIcon className="size-6 shrink-0" />
        <span className="flex-1">The 5-Hour Guarantee</span>
        <ChevronDownIcon className="size-4 shrink-0 transition-transform duration-200 group-data-[state=open]:rotate-180" />
      </Collapsible.Trigger>
      <Collapsible.Content className="px-4 pb-4 sm:px-5">
        <p className="text-pretty">If {appName} does not save you at least 5 hours per week within 30 days, we refund you in full.</p>
      </Collapsible.Content>
    </Collapsible.Root>
  );
}
