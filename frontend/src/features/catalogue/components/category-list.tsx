import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { Badge } from '../../../components/ui/badge';
import { Skeleton } from '../../../components/ui/skeleton';
import type { Category } from '../../../../../contracts/catalogue/app';

/** Every category as a pill, 'name (count)', linking to its page. */
export function CategoryList({ categories }: { categories: Category[] | undefined }) {
  if (!categories) {
    return (
      <div className="flex flex-wrap gap-2" aria-hidden="true">
        {Array.from({ length: 8 }, (_, index) => (
          <Skeleton key={index} className="h-8 w-28 rounded-full" />
        ))}
      </div>
    );
  }
  return (
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
  );
}
