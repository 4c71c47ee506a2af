/**
 * The navigation below 1024 px: a right-hand sheet. Every entry closes it, so the page the visitor chose is
 * what they see next. Join Explorers and Apply as Developer wait until the sheet has gone before opening their
 * dialog, so the two dialogs never fight over focus. Loaded only when first needed (see MobileMenuButton in
 * the header): the dialog code stays out of every page's first load.
 */
import { useRef, type ComponentProps, type RefObject } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { useEarlyAccessWording } from '../../lib/early-access-wording';
import { useModals } from '../../lib/modals';
import { paths } from '../../lib/paths';
import { cn } from '../../lib/utils';
import { Button } from '../ui/button';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '../ui/collapsible';
import { Sheet, SheetContent, SheetHeader, SheetTitle } from '../ui/sheet';
import { ChevronDownIcon } from '../ui/chevron-down-icon';
import { InstallIcon } from '../ui/install-icon';

/** What the menu needs of a category; the layout passes the catalogue's categories in. */
export type NavCategory = { name: string; slug: string; count: number };

export type MobileMenuProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The button that opened the menu: focus goes back to it on close (there is no Radix trigger to do it). */
  returnFocusTo: RefObject<HTMLElement | null>;
  categories?: NavCategory[];
  signedIn?: boolean;
  onSignOut?: () => void;
  /** Given only while the app is installable, which shows 'Install app'. */
  onInstall?: () => void;
};

const rowClass =
  'flex min-h-11 w-full items-center rounded-md px-3 text-base font-medium outline-none transition-colors hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring aria-[current=page]:text-primary';

export function MobileMenu({ open, onOpenChange, returnFocusTo, categories, signedIn = false, onSignOut, onInstall }: MobileMenuProps) {
  const openModal = useModals((state) => state.openModal);
  const wording = useEarlyAccessWording();
  /** What to do once the sheet has gone: open a dialog (which must not fight the sheet over focus). */
  const afterClose = useRef<(() => void) | null>(null);
  const close = () => onOpenChange(false);

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        aria-describedby={undefined}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo.current?.focus();
          const action = afterClose.current;
          afterClose.current = null;
          action?.();
        }}
      >
        <SheetHeader className="border-b">
          <SheetTitle>Menu</SheetTitle>
        </SheetHeader>
        <nav aria-label="Main" className="flex flex-1 flex-col gap-1 px-2">
          <MenuNavLink to={paths.home} end onClick={close}>
            Home
          </MenuNavLink>
          <CategoriesSection categories={categories} onNavigate={close} />
          <Link to={{ pathname: paths.home, hash: '#popular' }} className={rowClass} onClick={close}>
            Most Popular
          </Link>
          <MenuNavLink to={paths.about} onClick={close}>
            About
          </MenuNavLink>
          <MenuNavLink to={paths.contact} onClick={close}>
            Contact
          </MenuNavLink>
          {signedIn ? (
            <>
              <p className="px-3 py-2.5 text-base text-muted-foreground">Welcome back!</p>
              <button
                type="button"
                className={cn(rowClass, 'text-left')}
                onClick={() => {
                  close();
                  onSignOut?.();
                }}
              >
                Sign Out
              </button>
            </>
          ) : (
            <MenuNavLink to={paths.auth} onClick={close}>
              Sign In
            </MenuNavLink>
          )}
          {onInstall && (
            <button
              type="button"
              className={cn(rowClass, 'gap-2')}
              onClick={() => {
                afterClose.current = onInstall;
                close();
              }}
            >
              <InstallIcon className="size-5" />
              Install app
            </button>
          )}
        </nav>
        {/* The header's two buttons, which the menu stands for up to 1024 px (tablets too). */}
        <div className="flex flex-col gap-2 border-t p-4">
          <Button
            type="button"
            variant="outline"
            size="lg"
            className="w-full"
            onClick={() => {
              afterClose.current = () => openModal('developer-inquiry');
              close();
            }}
          >
            Apply as Developer
          </Button>
          <Button
            type="button"
            variant="secondary"
            size="lg"
            className="w-full"
            onClick={() => {
              afterClose.current = () => openModal('lead');
              close();
            }}
          >
            {wording.join}
          </Button>
        </div>
      </SheetContent>
    </Sheet>
  );
}

function MenuNavLink(props: Omit<ComponentProps<typeof NavLink>, 'className'>) {
  return <NavLink className={rowClass} {...props} />;
}

function CategoriesSection({ categories, onNavigate }: { categories?: NavCategory[]; onNavigate: () => void }) {
  return (
    <Collapsible>
      <CollapsibleTrigger className={cn(rowClass, 'group justify-between')}>
        Categories
        <ChevronDownIcon className="size-5 text-muted-foreground transition-transform group-data-[state=open]:rotate-180 motion-reduce:transition-none" />
      </CollapsibleTrigger>
      <CollapsibleContent>
        <ul className="ml-3 flex flex-col border-l py-1 pl-2">
          {categories === undefined ? (
            <li className="px-3 py-2 text-sm text-muted-foreground">Loading categories…</li>
          ) : (
            categories.map((category) => (
              <li key={category.slug}>
                <NavLink to={paths.category(category.slug)} onClick={onNavigate} className={cn(rowClass, 'min-h-10 text-sm font-normal')}>
                  {`${category.name} (${category.count})`}
                </NavLink>
              </li>
            ))
          )}
          <li>
            <Link
              to={{ pathname: paths.home, hash: '#categories' }}
              onClick={onNavigate}
              className={cn(rowClass, 'min-h-10 text-sm font-normal text-muted-foreground')}
            >
              All categories
            </Link>
          </li>
        </ul>
      </CollapsibleContent>
    </Collapsible>
  );
}
