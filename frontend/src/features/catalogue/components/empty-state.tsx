import type { ReactNode } from 'react';
import { cn } from '../../../lib/utils';

/** A missing page or an empty list: a title, a line of explanation and what to do next. */
export function EmptyState({
  title,
  headingLevel = 'p',
  children,
  action,
}: {
  title: string;
  /** 'h1' when the empty state is the whole page (App Not Found), 'p' inside a page. */
  headingLevel?: 'h1' | 'p';
  children?: ReactNode;
  action?: ReactNode;
}) {
  const Title = headingLevel;
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-12 text-center">
      <Title className={cn('font-semibold', headingLevel === 'h1' ? 'text-2xl' : 'text-lg')}>{title}</Title>
      {children && <div className="max-w-md text-pretty text-muted-foreground">{children}</div>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
