import { Link } from 'react-router-dom';
import { paths } from '../../app/paths';

export function Header() {
  return (
    <header className="border-b bg-card/80 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-6xl items-center px-4">
        <Link
          to={paths.home}
          className="rounded-md text-lg font-bold tracking-tight text-primary outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          Unsheet
        </Link>
      </div>
    </header>
  );
}
