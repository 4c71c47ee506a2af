import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card';
import { viewCount } from '../display-rules';
import type { App } from '../../../../../contracts/catalogue/app';

type AppCardProps = {
  app: Pick<App, 'name' | 'slug' | 'category' | 'description' | 'views'>;
};

export function AppCard({ app }: AppCardProps) {
  return (
    <Card data-testid="app-card" className="relative h-full transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      <CardHeader>
        <Badge variant="secondary">{app.category}</Badge>
        <CardTitle className="text-lg">
          {/* The link's overlay makes the whole card clickable while screen readers hear just the app name. */}
          <Link to={paths.app(app.slug)} className="outline-none after:absolute after:inset-0 after:rounded-xl">
            {app.name}
          </Link>
        </CardTitle>
      </CardHeader>
      <CardContent className="flex-1">
        <CardDescription className="line-clamp-3">{app.description}</CardDescription>
      </CardContent>
      <CardFooter className="text-xs text-muted-foreground">{viewCount(app.views)}</CardFooter>
    </Card>
  );
}
