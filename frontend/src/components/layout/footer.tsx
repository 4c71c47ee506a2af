import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useModals } from '../../lib/modals';
import { paths } from '../../lib/paths';
import { BrandLink } from './header';

type FooterProps = {
  /** The newsletter form; it belongs to a feature, which layout components may not import. */
  newsletter?: ReactNode;
};

const linkClass =
  'rounded-sm text-sm text-muted-foreground transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring';

export function Footer({ newsletter }: FooterProps) {
  const openModal = useModals((state) => state.openModal);

  return (
    <footer className="border-t bg-card">
      <div className="mx-auto max-w-6xl px-4 pt-10">
        <div className="grid gap-10 md:grid-cols-[3fr_2fr]">
          <section aria-labelledby="footer-newsletter-title" className="flex flex-col gap-3">
            <BrandLink className="self-start" />
            <h2 id="footer-newsletter-title" className="font-semibold">
              New AI tools, straight to your inbox
            </h2>
            <p className="max-w-md text-sm text-muted-foreground">
              One short e-mail when a tool that replaces a spreadsheet launches. No spam, unsubscribe any time.
            </p>
            {newsletter}
          </section>

          <div className="grid grid-cols-2 gap-8">
            <FooterLinks title="Browse">
              <li>
                <Link to={{ pathname: paths.home, hash: '#all-apps' }} className={linkClass}>
                  All Tools
                </Link>
              </li>
              <li>
                <Link to={{ pathname: paths.home, hash: '#popular' }} className={linkClass}>
                  Most Popular
                </Link>
              </li>
              <li>
                <Link to={{ pathname: paths.home, hash: '#categories' }} className={linkClass}>
                  Categories
                </Link>
              </li>
              <li>
                <button type="button" className={linkClass} onClick={() => openModal('lead')}>
                  Early Access
                </button>
              </li>
            </FooterLinks>
            <FooterLinks title="Company">
              <li>
                <Link to={paths.about} className={linkClass}>
                  About
                </Link>
              </li>
              <li>
                <Link to={paths.contact} className={linkClass}>
                  Contact
                </Link>
              </li>
              <li>
                <Link to={paths.privacy} className={linkClass}>
                  Privacy Policy
                </Link>
              </li>
              <li>
                <Link to={paths.terms} className={linkClass}>
                  Terms of Service
                </Link>
              </li>
            </FooterLinks>
          </div>
        </div>

        {/* The bottom padding keeps the floating idea button from covering the last line. */}
        <p className="mt-10 border-t pt-6 pb-24 text-sm text-muted-foreground md:pb-20">© 2025 Unsheet. All rights reserved.</p>
      </div>
    </footer>
  );
}

function FooterLinks({ title, children }: { title: string; children: ReactNode }) {
  const id = `footer-${title.toLowerCase()}-title`;
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="mb-3 text-sm font-semibold">
        {title}
      </h2>
      <ul className="flex flex-col gap-2.5">{children}</ul>
    </nav>
  );
}
