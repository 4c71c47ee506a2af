import type { ComponentProps } from 'react';
import { StrokeIcon } from './stroke-icon';

/** The disclosure chevron of accordions, selects and collapsibles. */
export function ChevronDownIcon(props: ComponentProps<'svg'>) {
  return (
    <StrokeIcon {...props}>
      <path d="m6 9 6 6 6-6" />
    </StrokeIcon>
  );
}
