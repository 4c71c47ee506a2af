import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';

export function AppGrid({ children }: { children: ReactNode }) {
  return <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>;
}

/** Placeholder cards with the shape of AppCard, so the page does not jump when the real ones arrive. */
export function AppGridSkeleton({ count = 6 }: { count?: number }) {
  return (
    <AppGrid>
      {Array.from({ length: count }, (_, index) => (
        <li key={index} aria-hidden="true">
          <Card className="h-full">
            <CardHeader>
              <Skeleton className="h-5 w-20 rounded-full" />
              <Skeleton className="h-6 w-2/3" />
            </CardHeader>
            <CardContent className="flex flex-col gap-2">
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-4 w-1/2" />
            </CardContent>
          </Card>
        </li>
      ))}
    </AppGrid>
  );
}
