import { Button } from '../../../components/ui/button';
import { useEarlyAccessWording } from '../../../lib/early-access-wording';

/** The closing invitation at the foot of an app page. */
export function JoinCallToAction({ onJoin }: { onJoin: () => void }) {
  const wording = useEarlyAccessWording();
  return (
    <section
      aria-labelledby="join-cta-title"
      className="flex flex-col items-center gap-4 rounded-2xl bg-primary px-6 py-10 text-center text-primary-foreground sm:py-12"
    >
      <h2 id="join-cta-title" className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
        Ready to retire the spreadsheet?
      </h2>
      <p className="max-w-xl text-pretty text-primary-foreground/85">{wording.bannerText}</p>
      <Button type="button" size="lg" variant="outline" className="border-transparent text-primary" onClick={onJoin}>
        {wording.bannerButton}
      </Button>
    </section>
  );
}
