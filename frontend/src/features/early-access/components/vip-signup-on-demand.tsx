/**
 * The app page's VIP List box content at almost no first-load cost: the box sits in the first screen, so
 * loading the form as soon as it is visible would count against the page's budget (which has no room for
 * it). A button shows the form in place, not in a dialog; its code starts loading when the pointer or the
 * focus reaches the button.
 */
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';

const load = () => import('./vip-signup');
const VipSignup = lazy(() => load().then((module) => ({ default: module.VipSignup })));

export function VipSignupOnDemand({ onOpen }: { onOpen?: () => void }) {
  const [open, setOpen] = useState(false);
  const button = (
    <Button
      type="button"
      className="w-full"
      onPointerEnter={() => void load()}
      onFocus={() => void load()}
      onClick={() => {
        onOpen?.();
        setOpen(true);
      }}
    >
      Join the VIP List
    </Button>
  );
  if (!open) return button;
  return (
    <Suspense fallback={button}>
      <VipSignup autoFocus />
    </Suspense>
  );
}
