import { Link } from 'react-router-dom';
import { LegalDocument, LegalSection as Section, legalLinkClass as linkClass } from '../../components/layout/legal-document';
import { PageMeta } from '../../components/page-meta';
import { paths } from '../../lib/paths';

export function PrivacyRoute() {
  return (
    <LegalDocument title="Privacy Policy" updated="December 2024">
      <PageMeta
        title="Privacy Policy | Unsheet"
        description="What Unsheet collects (your e-mail when you join or subscribe, first-party analytics without IP addresses), why, and how to have it erased."
        path={paths.privacy}
      />

      <p className="leading-relaxed">
        Unsheet is a directory and early-access site for small AI tools that replace spreadsheets. This policy explains what we collect when
        you use it, why, and what you can ask us to do with it. The short version: we collect as little as we can, we do not store IP
        addresses, and we do not sell your data.
      </p>

      <Section title="What we collect">
        <p>Only what you give us, and what we need to run the site:</p>
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Your e-mail address</strong>, when you join the Early Explorers programme or the wait-list, subscribe to the newsletter,
            take the quiz, create a referral link, suggest a tool or send us a question.
          </li>
          <li>
            <strong>What you write to us</strong>: your name and message when you ask a question or apply as a developer (with the portfolio
            and LinkedIn links you choose to add), and the text of your tool suggestions.
          </li>
          <li>
            <strong>Your account</strong>, if you create one: your e-mail address, an optional display name and your password, which we
            store only as a one-way hash.
          </li>
          <li>
            <strong>First-party usage analytics</strong>: the pages you view, the apps you open, the page that referred you and campaign
            tags in the link. We count visits with a random per-session id kept in your browser's session storage, and returning visits with
            a random visitor id kept in its local storage. The visitor id is never set when your browser sends Do Not Track or Global
            Privacy Control.
          </li>
        </ul>
        <p>We do not store IP addresses. Our analytics are first-party: collected and stored by us.</p>
      </Section>

      <Section title="How we use it">
        <ul className="list-disc space-y-2 pl-6">
          <li>to give you your Early Explorers spot or wait-list position, and credit your referrals;</li>
          <li>to send the e-mails you asked for and answer your questions;</li>
          <li>to decide which tools to build next, from suggestions and from what visitors look at;</li>
          <li>to keep the site working, secure and free of abuse.</li>
        </ul>
        <p>We do not sell or rent your personal information to anyone.</p>
      </Section>

      <Section title="E-mails and unsubscribing">
        <p>
          We send e-mails only about what you signed up for: your Early Explorers or wait-list status, your referrals, answers to your
          questions and, if you subscribed, the newsletter about new AI tools. Every newsletter e-mail has an unsubscribe link, and you can
          also ask us through the{' '}
          <Link to={paths.contact} className={linkClass}>
            Contact page
          </Link>{' '}
          to stop any e-mail from us.
        </p>
      </Section>

      <Section title="How long we keep it">
        <p>
          We keep your e-mail address and messages while the programme or list you joined runs, or until you ask us to erase them, whichever
          comes first.
        </p>
      </Section>

      <Section title="Your rights">
        <p>
          You can ask us at any time to show you the personal data we hold about you, to correct it, to export it or to erase it. Erasure
          removes your e-mail address and messages from every list and record we keep about you. We answer every request within 30 days, and
          usually much sooner.
        </p>
      </Section>

      <Section title="Changes to this policy">
        <p>
          If we change this policy, we update the date at the top of this page. If a change affects how we use data you have already given
          us, we tell you by e-mail first.
        </p>
      </Section>

      <Section title="Contact">
        <p>
          Questions about your privacy, or a request about your data? Write to us through the{' '}
          <Link to={paths.contact} className={linkClass}>
            Contact page
          </Link>
          ; we reply within 24 hours.
        </p>
      </Section>
    </LegalDocument>
  );
}
