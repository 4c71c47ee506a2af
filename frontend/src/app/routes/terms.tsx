import { Link } from 'react-router-dom';
import { LegalDocument, LegalSection as Section, legalLinkClass as linkClass } from '../../components/layout/legal-document';
import { PageMeta } from '../../components/page-meta';
import { paths } from '../../lib/paths';

export function TermsRoute() {
  return (
    <LegalDocument title="Terms of Service" updated="December 2024">
      <PageMeta
        title="Terms of Service | Unsheet"
        description="The terms for using Unsheet: the Early Explorers programme, referral rewards, our 5-hours-a-week money-back guarantee, acceptable use and liability."
        path={paths.terms}
      />

      <p className="leading-relaxed">
        These terms apply when you use Unsheet, the directory and early-access site for small AI tools that replace spreadsheets, and the
        tools we offer through it. By using the site you agree to them. If you do not agree, please do not use the site.
      </p>

      <Section title="The Early Explorers programme">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            The first 100 people to sign up become Early Explorers and get lifetime access to one app of their choice, free of payment, for
            as long as we offer that app.
          </li>
          <li>Everyone who signs up after the first 100 joins the wait-list, in the order they signed up.</li>
          <li>One spot per person. Spots and wait-list positions are personal and cannot be sold or transferred.</li>
          <li>
            We expect to launch in Q1 2025. Dates are our honest estimate, not a promise, and tools may change as we build them with your
            feedback.
          </li>
        </ul>
      </Section>

      <Section title="Referrals">
        <p>
          When someone you invite with your referral link becomes a paying customer, you earn 50% of the lifetime revenue they generate.
          Referring yourself, using invented addresses or sending unsolicited bulk messages voids the rewards involved.
        </p>
      </Section>

      <Section title="Our guarantee">
        <p>
          Our tools exist to save you time. If a tool you pay for saves you under 5 hours per week within 30 days of starting to use it,
          tell us and we will refund what you paid for it.
        </p>
      </Section>

      <Section title="Acceptable use">
        <p>When you use Unsheet, please do not:</p>
        <ul className="list-disc space-y-2 pl-6">
          <li>sign up with someone else's e-mail address, or automate sign-ups, referrals or form submissions;</li>
          <li>send spam, unlawful or abusive content through our forms;</li>
          <li>try to break, overload or get around the security of the site or the tools;</li>
          <li>copy or resell the tools, or use them to break the law.</li>
        </ul>
        <p>We may suspend access or remove sign-ups that break these rules.</p>
      </Section>

      <Section title="Your ideas">
        <p>
          Suggestions and ideas you send help us decide what to build. By sending one, you let us use it freely to build and improve our
          tools, without owing you anything for it.
        </p>
      </Section>

      <Section title="Liability">
        <p>
          The site and the tools are provided as they are, and tools marked concept, prototype or beta are still in development. We work
          hard to keep them accurate and available, but we cannot guarantee they will be free of errors or interruptions. To the extent the
          law allows, we are not liable for indirect or consequential losses, and our total liability to you is limited to the amount you
          paid us in the 12 months before the claim. Nothing in these terms limits rights you have under consumer law.
        </p>
      </Section>

      <Section title="Changes to these terms">
        <p>
          We may update these terms as Unsheet grows. When we do, we change the date at the top of this page; for significant changes we
          tell Early Explorers by e-mail before they take effect.
        </p>
      </Section>

      <Section title="Contact">
        <p>
          Questions about these terms? Write to us through the{' '}
          <Link to={paths.contact} className={linkClass}>
            Contact page
          </Link>
          ; we reply within 24 hours.
        </p>
      </Section>
    </LegalDocument>
  );
}
