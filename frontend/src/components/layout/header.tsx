import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useEarlyAccessWording } from '../../lib/early-access-wording';
import { useModals } from '../../lib/modals';
import { paths } from '../../lib/paths';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';
import { InstallIcon } from '../ui/install-icon';
import { FloatingIdeaButton } from './floating-idea-button';
import type { NavCategory } from './mobile-menu';

const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(() => loadMobileMenu().then((module) => ({ default: module.MobileMenu })));

type HeaderProps = {
  /** Categories for the mobile menu; undefined while they load. */
  categories?: NavCategory[];
  signedIn?: boolean;
  onSignOut?: () => void;
  /** Installs the app; given only while it is installable, which shows 'Install app'. */
  onInstall?: () => void;
};

export function Header({ categories, signedIn = false, onSignOut, onInstall }: HeaderProps) {
  const openModal = useModals((state) => state.openModal);
  const wording = useEarlyAccessWording();

  return (
    <header className="sticky top-0 z-40 border-b bg-card/80 backdrop-blur supports-backdrop-filter:bg-card/70">
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4">
        <BrandLink />
        <div className="flex items-center gap-2">
          {/* The full row from 1024 px: at tablet widths, signed in and offered the install, it did not fit. */}
          <div className="hidden items-center gap-2 lg:flex">
            {onInstall && (
              <Button type="button" variant="ghost" onClick={onInstall}>
                <InstallIcon className="size-4" />
                Install app
              </Button>
            )}
            {signedIn ? (
              <>
                <span className="px-3 text-sm text-muted-foreground">Welcome back!</span>
                <Button type="button" variant="ghost" onClick={onSignOut}>
                  Sign Out
                </Button>
              </>
            ) : (
              <Button asChild variant="ghost">
                <Link to={paths.auth}>Sign In</Link>
              </Button>
            )}
            <Button type="button" variant="outline" onClick={() => openModal('developer-inquiry')}>
              Apply as Developer
            </Button>
            <Button type="button" variant="secondary" onClick={() => openModal('lead')}>
              {wording.join}
            </Button>
          </div>
          <FloatingIdeaButton placement="header" />
          <MobileMenuButton categories={categories} signedIn={signedIn} onSignOut={onSignOut} onInstall={onInstall} className="lg:hidden" />
        </div>
      </div>
    </header>
  );
}

/** Opens the mobile menu, whose code is fetched on first hover, focus or tap rather than with the page. */
function MobileMenuButton({ categories, signedIn, onSignOut, onInstall, className }: HeaderProps & { className?: string }) {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={button}
        type="button"
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        className={className}
        onPointerEnter={() => void loadMobileMenu()}
        onFocus={() => void loadMobileMenu()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M4 6h16M4 12h16M4 18h16" />
        </svg>
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenu
            open={open}
            onOpenChange={setOpen}
            returnFocusTo={button}
            categories={categories}
            signedIn={signedIn}
            onSignOut={onSignOut}
            onInstall={onInstall}
          />
        </Suspense>
      )}
    </>
  );
}

export function BrandLink({ className }: { className?: string }) {
  return (
    <Link
      to={paths.home}
      className={cn(
        'inline-flex items-center gap-2 rounded-md text-lg font-bold tracking-tight text-primary outline-none focus-visible:ring-2 focus-visible:ring-ring',
        className,
      )}
    >
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-7 shrink-0">
        <rect width="32" height="32" rx="7" className="fill-primary" />
        <path
          d="M9 16.5l4.5 4.5L23 11"
          fill="none"
          stroke="currentColor"
          strokeWidth="3.5"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="text-primary-foreground"
        />
      </svg>
      Unsheet
    </Link>
  );
}
