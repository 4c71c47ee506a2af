import type { ComponentProps } from 'react';

/** A 24×24 outline icon drawn in the current text colour. Decorative: the control beside it carries the label. */
export function StrokeIcon(props: ComponentProps<'svg'>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    />
  );
}
