import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';
import { ChevronDownIcon } from './chevron-down-icon';

/**
 * The browser's own <select>, styled like Input. Phones show their native picker, keyboards and screen readers
 * get the platform behaviour for free, and nothing ships for it: the right choice for a short list of options.
 * `className` goes on the wrapper (to size it); every other prop goes on the <select>.
 */
export function NativeSelect({ className, ...props }: ComponentProps<'select'>) {
  return (
    <div data-slot="native-select" className={cn('relative w-full', className)}>
      <select
        className={cn(
          'h-10 w-full min-w-0 appearance-none rounded-md border border-input bg-background py-2 pr-9 pl-3 text-base shadow-xs transition-colors',
          'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50 md:text-sm',
        )}
        {...props}
      />
      <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground" />
    </div>
  );
}
