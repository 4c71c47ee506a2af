import { useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '../../../../components/ui/card';
import { useAdminSettings } from '../api/get-admin-settings';
import { openQueueDashboardSession } from '../api/open-queue-dashboard';
import { regenerateSitemap } from '../api/regenerate-sitemap';
import { EARLY_EXPLORERS_CAP } from '../../../../../../contracts/early-access/rewards';
import type { PwaPanelStatus } from '../types';
import { TimeZoneSettings } from '../../time-zone/time-zone-settings';

const SERVICE_WORKER_LABELS: Record<string, string> = {
  active: 'Active',
  registering: 'Registering',
  'not-registered': 'Not registered',
  failed: 'Failed',
  unsupported: 'Not supported',
};

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 text-sm">
      <span className="text-muted-foreground">{label}</span>
      <span className="text-right font-medium">{children}</span>
    </div>
  );
}

/** Settings: the time zone, the programme's state, the PWA as this browser sees it, the sitemap, notifications, the queues. */
export function SettingsTab({ leadCount, pwa }: { leadCount: number | undefined; pwa: PwaPanelStatus }) {
  const { data: settings } = useAdminSettings();
  const [regenerating, setRegenerating] = useState(false);
  const [openingQueues, setOpeningQueues] = useState(false);
  const count = leadCount ?? 0;
  const earlyExplorers = count < EARLY_EXPLORERS_CAP;

  async function regenerate() {
    setRegenerating(true);
    try {
      await regenerateSitemap();
      toast.success('Sitemap regenerated!', { description: 'The sitemap.xml has been successfully updated.' });
    } catch (error) {
      console.error('Failed to regenerate sitemap', error);
      toast.error('Failed to regenerate sitemap. Please try again.');
    } finally {
      setRegenerating(false);
    }
  }

  async function openQueues() {
    setOpeningQueues(true);
    try {
      const { url } = await openQueueDashboardSession();
      window.location.assign(url);
    } catch (error) {
      console.error('Failed to open the queue dashboard', error);
      toast.error('Failed to open the queue dashboard.');
      setOpeningQueues(false);
    }
  }

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <TimeZoneSettings />
      <Card>
        <CardHeader>
          <h2 className="leading-tight font-semibold">Early Explorer Program</h2>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <Row label="Current mode">
            <Badge className={earlyExplorers ? undefined : 'bg-yellow-100 text-yellow-800'}>
              {earlyExplorers ? 'Early Explorer Mode' : 'Wait-list Mode'}
            </Badge>
          </Row>
          <Row label="Leads">{leadCount === undefined ? '—' : `${count}/${EARLY_EXPLORERS_CAP}`}</Row>
          <p className="text-sm text-muted-foreground">
            {earlyExplorers
              ? `${EARLY_EXPLORERS_CAP - count} spots remaining`
              : 'All 100 Early Explorer spots are taken: new sign-ups join the wait-list.'}
          </p>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="leading-tight font-semibold">PWA</h2>
          <CardDescription>As this browser sees the site.</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <Row label="Service worker">{SERVICE_WORKER_LABELS[pwa.serviceWorker] ?? pwa.serviceWorker}</Row>
          <Row label="Install prompt">{pwa.installAvailable ? 'Available' : 'Not available'}</Row>
          <Button type="button" variant="outline" disabled title="Run npm run pwa:assets against a running app">
            Regenerate PWA assets
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="leading-tight font-semibold">SEO &amp; Sitemap</h2>
          <CardDescription>
            <a href="/sitemap.xml" target="_blank" rel="noopener" className="text-primary underline underline-offset-2">
              /sitemap.xml
            </a>{' '}
            lists the home page, the static pages, every category and every active app.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button type="button" disabled={regenerating} onClick={() => void regenerate()}>
            {regenerating ? 'Regenerating...' : 'Regenerate sitemap.xml'}
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <h2 className="leading-tight font-semibold">Webhooks &amp; Notifications</h2>
        </CardHeader>
        <CardContent className="flex flex-col gap-3 text-sm">
          <p>
            New suggestions are e-mailed automatically to <span className="font-medium">{settings?.notifyEmail ?? '…'}</span>.
          </p>
          {settings?.queueDashboard ? (
            <Button type="button" variant="outline" className="self-start" disabled={openingQueues} onClick={() => void openQueues()}>
              Open queue dashboard
            </Button>
          ) : (
            settings && <p className="text-muted-foreground">The queue dashboard is available when Redis is configured.</p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
