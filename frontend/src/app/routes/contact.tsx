import { PageMeta } from '../../components/page-meta';
import { Button } from '../../components/ui/button';
import { Card, CardDescription, CardFooter, CardHeader } from '../../components/ui/card';
import { useModals } from '../../lib/modals';
import { paths } from '../../lib/paths';

export function ContactRoute() {
  const openModal = useModals((state) => state.openModal);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-10 px-4 py-12 sm:py-16">
      <PageMeta
        title="Contact | Unsheet"
        description="Questions about a tool or the Early Explorers programme, or an idea for a tool we should build? Contact the Unsheet team; we reply within 24 hours."
        path={paths.contact}
      />

      <header className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Contact Us</h1>
        <p className="text-lg text-pretty text-muted-foreground">A real person reads every message, and we reply within 24 hours.</p>
      </header>

      <div className="grid gap-6 sm:grid-cols-2">
        <Card>
          <CardHeader>
            <h2 className="text-xl leading-tight font-semibold">Quick Questions</h2>
            <CardDescription>
              Ask about a tool, pricing or the Early Explorers programme. We'll get back to you within 24 hours.
            </CardDescription>
          </CardHeader>
          <CardFooter className="mt-auto">
            <Button type="button" onClick={() => openModal('quick-question')}>
              Ask a Question
            </Button>
          </CardFooter>
        </Card>

        <Card>
          <CardHeader>
            <h2 className="text-xl leading-tight font-semibold">Tool Ideas</h2>
            <CardDescription>
              Tell us which spreadsheet you would love to retire. The most requested ideas are the ones we build next.
            </CardDescription>
          </CardHeader>
          <CardFooter className="mt-auto">
            <Button type="button" variant="secondary" onClick={() => openModal('suggestion')}>
              Share Your Idea
            </Button>
          </CardFooter>
        </Card>
      </div>
    </div>
  );
}
