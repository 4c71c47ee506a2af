import { useEffect, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../components/ui/card';
import { Skeleton } from '../../components/ui/skeleton';
import { useCategories } from '../../features/catalogue/api/get-categories';
import { useTopApps } from '../../features/catalogue/api/get-top-apps';
import { AppCard } from '../../features/catalogue/components/app-card';
import { paths } from '../paths';

export function HomeRoute() {
  const { hash } = useLocation();

  // Arriving from another page should start at the hero, but not when a link targets an anchor (/#categories).
  useEffect(() => {
    if (!hash) window.scrollTo(0, 0);
  }, [hash]);

  return (
    <>
      <Hero />
      <PopularApps />
      <Categories />
    </>
  );
}

function Hero() {
  return (
    <section className="bg-linear-to-b from-primary/10 to-background">
      <div className="mx-auto flex max-w-3xl flex-col items-center gap-6 px-4 py-20 text-center sm:py-28">
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">
          Replace your spreadsheets with small AI tools
        </h1>
        <p className="text-lg text-pretty text-muted-foreground">
          Focused tools for the jobs your small business still does by hand in a spreadsheet.
        </p>
        {/* Inert for now: the lead modal it opens arrives with the early-access feature. */}
        <Button type="button" size="lg" variant="secondary">
          Join 100 Early Explorers
        </Button>
      </div>
    </section>
  );
}

function PopularApps() {
  const { data: apps, error, isLoading, mutate } = useTopApps(12);

  return (
    <section id="popular" aria-labelledby="popular-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12">
      <h2 id="popular-title" className="mb-6 text-2xl font-semibold tracking-tight">
        Most Popular
      </h2>
      {error ? (
        <LoadError message="Could not load apps. Please try again." onRetry={() => void mutate()} />
      ) : isLoading || !apps ? (
        <AppGrid>
          {Array.from({ length: 6 }, (_, index) => (
            <AppCardSkeleton key={index} />
          ))}
        </AppGrid>
      ) : apps.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">No apps in this category yet</p>
      ) : (
        <AppGrid>
          {apps.map((app) => (
            <li key={app.id}>
              <AppCard app={app} />
            </li>
          ))}
        </AppGrid>
      )}
    </section>
  );
}

function AppGrid({ children }: { children: ReactNode }) {
  return <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">{children}</ul>;
}

function AppCardSkeleton() {
  return (
    <li aria-hidden="true">
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
  );
}

function Categories() {
  const { data: categories, error, isLoading, mutate } = useCategories();

  return (
    <section id="categories" aria-labelledby="categories-title" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12">
      <h2 id="categories-title" className="mb-6 text-2xl font-semibold tracking-tight">
        Categories
      </h2>
      {error ? (
        <LoadError message="Could not load categories. Please try again." onRetry={() => void mutate()} />
      ) : isLoading || !categories ? (
        <div className="flex flex-wrap gap-2" aria-hidden="true">
          {Array.from({ length: 8 }, (_, index) => (
            <Skeleton key={index} className="h-8 w-28 rounded-full" />
          ))}
        </div>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {categories.map((category) => (
            <li key={category.slug}>
              <Badge asChild variant="outline" className="px-3 py-1.5 text-sm hover:bg-muted">
                <Link to={paths.category(category.slug)}>
                  {category.name} ({category.count})
                </Link>
              </Badge>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 py-8 text-center">
      <p className="text-muted-foreground">{message}</p>
      <Button type="button" variant="outline" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
