import type { ComponentProps } from 'react';
import { StrokeIcon } from './stroke-icon';

/** A download arrow onto a line: 'Install app' in the header and the mobile menu. */
export function InstallIcon(props: ComponentProps<'svg'>) {
  return (
    <StrokeIcon {...props}>
      <path d="M12 3v12M7 10l5 5 5-5M5 21h14" />
    </StrokeIcon>
  );
}
