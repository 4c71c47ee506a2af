/**
 * How to install Unsheet by hand (spec §4 Install): opened by 'Install app' where the browser offers no
 * install prompt (iOS Safari never does). The visitor's own platform comes first; the others follow, for
 * installing on another device.
 */
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { INSTALL_INSTRUCTIONS, platformsFor } from '../install-instructions';
import { usePwaStore } from '../pwa-store';

export function InstallDialog() {
  const open = usePwaStore((state) => state.instructionsOpen);
  const platform = usePwaStore((state) => state.platform);

  return (
    <Dialog open={open} onOpenChange={(next) => usePwaStore.setState({ instructionsOpen: next })}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Install Unsheet</DialogTitle>
          <DialogDescription>
            Add Unsheet to your home screen or desktop: it opens like an app, and pages you have seen work offline.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-3">
          {platformsFor(platform).map((each) => {
            const { label, steps } = INSTALL_INSTRUCTIONS[each];
            const current = each === platform;
            return (
              <section
                key={each}
                aria-label={label}
                className={current ? 'rounded-lg border border-primary/40 bg-primary/5 p-4' : 'rounded-lg border p-4'}
              >
                <h3 className="text-sm font-semibold">
                  {label}
                  {current && <span className="ml-2 font-normal text-muted-foreground">(this device)</span>}
                </h3>
                <ol className="mt-2 list-decimal pl-5 text-sm text-muted-foreground marker:text-foreground">
                  {steps.map((step) => (
                    <li key={step} className="py-0.5">
                      {step}
                    </li>
                  ))}
                </ol>
              </section>
            );
          })}
        </div>
      </DialogContent>
    </Dialog>
  );
}
