import { Link } from 'react-router-dom';
import { PageMeta } from '../../components/page-meta';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { useEarlyAccessWording } from '../../lib/early-access-wording';
import { useModals } from '../../lib/modals';
import { paths } from '../../lib/paths';

const explorerPerks = [
  {
    title: 'Lifetime access, free',
    text: 'The first 100 people to sign up get lifetime access to one app of their choice, free of payment.',
  },
  {
    title: '50% of lifetime revenue',
    text: 'Share your referral link: for every customer you bring, you earn 50% of the lifetime revenue they generate.',
  },
  {
    title: 'Launching Q1 2025',
    text: 'Explorers try the tools first and shape them. Everyone after the first 100 joins the wait-list, in order.',
  },
];

export function AboutRoute() {
  const openModal = useModals((state) => state.openModal);
  const wording = useEarlyAccessWording();

  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-12 px-4 py-12 sm:py-16">
      <PageMeta
        title="About | Unsheet"
        description="Unsheet builds small AI tools that replace the spreadsheets and manual processes small businesses run on. Meet the team and the Early Explorers programme."
        path={paths.about}
      />

      <header className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">About Unsheet</h1>
        <p className="text-lg text-pretty text-muted-foreground">
          Small AI tools for the jobs your business still does by hand in a spreadsheet.
        </p>
      </header>

      <section aria-labelledby="about-what" className="flex flex-col gap-3">
        <h2 id="about-what" className="text-2xl font-semibold tracking-tight">
          What Unsheet is
        </h2>
        <p className="leading-relaxed">
          Most small businesses run on spreadsheets: one for invoices, one for the team rota, one for leads, one nobody dares to touch. They
          work, until they don't: a formula breaks, a copy goes stale, a reminder is never sent.
        </p>
        <p className="leading-relaxed">
          Unsheet is a directory of small, focused AI tools, each built to replace one of those spreadsheets. Every tool does one job well,
          in productivity, marketing, sales, analytics, customer support, finance or HR, and takes minutes to start with.{' '}
          <Link
            to={{ pathname: paths.home, hash: '#categories' }}
            className="font-medium text-primary underline-offset-4 hover:underline focus-visible:rounded-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            Browse the categories
          </Link>{' '}
          to see what is ready and what is coming.
        </p>
      </section>

      <section aria-labelledby="about-who" className="flex flex-col gap-3">
        <h2 id="about-who" className="text-2xl font-semibold tracking-tight">
          Who we are
        </h2>
        <p className="leading-relaxed">
          We are a small team of developers and operators who have spent years building, and untangling, the spreadsheets behind shops,
          agencies and service businesses. We build the tools we wished we had, and we decide what to build next from the ideas our visitors
          send us.
        </p>
        <p className="leading-relaxed">Want to build them with us? We are looking for developers who like small, useful software.</p>
        <Button type="button" variant="outline" className="self-start" onClick={() => openModal('developer-inquiry')}>
          Apply as Developer
        </Button>
      </section>

      <section aria-labelledby="about-explorers" className="flex flex-col gap-4">
        <h2 id="about-explorers" className="text-2xl font-semibold tracking-tight">
          The Early Explorers programme
        </h2>
        <p className="leading-relaxed">Early Explorers are the first people to use our tools and tell us what to improve. In return:</p>
        <ul className="grid gap-4 sm:grid-cols-3">
          {explorerPerks.map((perk) => (
            <li key={perk.title}>
              <Card className="h-full">
                <CardHeader>
                  <CardTitle>{perk.title}</CardTitle>
                </CardHeader>
                <CardContent className="text-sm text-muted-foreground">{perk.text}</CardContent>
              </Card>
            </li>
          ))}
        </ul>
        <Button type="button" variant="secondary" size="lg" className="self-start" onClick={() => openModal('lead')}>
          {wording.join}
        </Button>
      </section>
    </article>
  );
}
