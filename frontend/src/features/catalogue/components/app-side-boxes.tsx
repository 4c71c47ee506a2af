// The boxes beside an app's content: try it now, join the VIP list, and where it is in development.
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../components/ui/card';
import { developmentStatusOf, showsCallToAction } from '../display-rules';
import type { App } from '../../../../../contracts/catalogue/app';
import type { DevelopmentStatus } from '../../../../../contracts/catalogue/fields';
import { DevelopmentTracker } from './development-tracker';
import { ExternalLinkIcon, SparklesIcon } from './icons';

const TRY_NOW_TEXT: Partial<Record<DevelopmentStatus, string>> = {
  prototype: 'An early prototype is open. Try it and help shape what comes next.',
  beta: 'The beta is open. Try it on your own data and tell us what to improve.',
  launched: 'It is live. Open it and leave the spreadsheet behind today.',
};

/** Shown when there is something to open (display-rules: showsCallToAction). */
export function TryNowBox({ app, onOpen }: { app: App; onOpen?: () => void }) {
  if (!showsCallToAction(app)) return null;
  return (
    <Card data-testid="try-now" className="border-secondary/30 bg-accent">
      <CardHeader>
        <h2 className="text-lg font-semibold text-accent-foreground">Ready to try</h2>
        <CardDescription className="text-accent-foreground/80">{TRY_NOW_TEXT[developmentStatusOf(app)]}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild variant="secondary" className="w-full whitespace-normal">
          <a href={app.app_url!} target="_blank" rel="noopener noreferrer" onClick={onOpen}>
            Try {app.name} now
            <ExternalLinkIcon className="size-4" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}

/** The VIP list box; the route puts the early-access feature's waitlist form in it. */
export function VipListBox({ app, children }: { app: Pick<App, 'name'>; children: ReactNode }) {
  return (
    <Card data-testid="vip-list">
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <SparklesIcon className="size-5 text-primary" />
          Join the VIP List
        </h2>
        <CardDescription>Be first in line for {app.name}: early access, launch news, and a say in what gets built next.</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

export function DevelopmentStatusBox({ app }: { app: Pick<App, 'development_status'> }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold">Development Status</h2>
      </CardHeader>
      <CardContent>
        <DevelopmentTracker app={app} />
      </CardContent>
    </Card>
  );
}
