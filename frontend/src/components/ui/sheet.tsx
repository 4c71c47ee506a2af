/**
 * A dialog that slides in from an edge (the mobile menu). Same radix Dialog underneath, so it traps focus,
 * closes on Escape or an overlay click and returns focus to its trigger.
 */
import { cva, type VariantProps } from 'class-variance-authority';
import { Dialog as DialogPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';
import { CloseButton, DialogOverlay } from './dialog';

export function Sheet(props: ComponentProps<typeof DialogPrimitive.Root>) {
  return <DialogPrimitive.Root data-slot="sheet" {...props} />;
}

export function SheetTrigger(props: ComponentProps<typeof DialogPrimitive.Trigger>) {
  return <DialogPrimitive.Trigger data-slot="sheet-trigger" {...props} />;
}

export function SheetClose(props: ComponentProps<typeof DialogPrimitive.Close>) {
  return <DialogPrimitive.Close data-slot="sheet-close" {...props} />;
}

// The entry slide uses @starting-style (the `starting:` variant) so no animation plugin is needed; closing
// is instant, which also lets a link's navigation show at once.
const sheetVariants = cva(
  'fixed z-50 flex flex-col gap-4 overflow-y-auto bg-card text-card-foreground shadow-lg outline-none transition-transform duration-200 ease-out motion-reduce:transition-none',
  {
    variants: {
      side: {
        right: 'inset-y-0 right-0 w-[85%] max-w-sm border-l starting:translate-x-full',
        left: 'inset-y-0 left-0 w-[85%] max-w-sm border-r starting:-translate-x-full',
        top: 'inset-x-0 top-0 max-h-[85dvh] border-b starting:-translate-y-full',
        bottom: 'inset-x-0 bottom-0 max-h-[85dvh] border-t starting:translate-y-full',
      },
    },
    defaultVariants: { side: 'right' },
  },
);

type SheetContentProps = ComponentProps<typeof DialogPrimitive.Content> & VariantProps<typeof sheetVariants>;

export function SheetContent({ className, children, side, ...props }: SheetContentProps) {
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content data-slot="sheet-content" className={cn(sheetVariants({ side }), className)} {...props}>
        {children}
        <CloseButton className="absolute top-3 right-3" />
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function SheetHeader({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="sheet-header" className={cn('flex flex-col gap-1.5 p-4 pr-14', className)} {...props} />;
}

export function SheetTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title data-slot="sheet-title" className={cn('text-lg leading-tight font-semibold', className)} {...props} />;
}

export function SheetDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description data-slot="sheet-description" className={cn('text-sm text-muted-foreground', className)} {...props} />
  );
}
