/**
 * The dashboard's App Links tab (admin spec §2): set an app's development status, status text, app URL and
 * whether the public page links to it; below, the App Status Overview of the active apps, a page at a time
 * with a search (the server pages them, by name). The app picker offers the apps of the page shown, so
 * searching the overview finds any app to configure.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { useDebounce } from 'use-debounce';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Field } from '../../../../components/ui/field';
import { Input } from '../../../../components/ui/input';
import { Pager } from '../../../../components/ui/pager';
import { NativeSelect } from '../../../../components/ui/select';
import { useSubmit } from '../../../../lib/use-submit';
import { useAdminApps } from '../api/get-admin-apps';
import { updateAppLinks } from '../api/update-app-links';
import { DEVELOPMENT_STATUS_LABELS, type AdminAppRow, type AppLinks, type DevelopmentStatus } from '../types';
import { DevelopmentStatusBadge } from './development-status-badge';

const EMPTY: AppLinks = { development_status: 'concept', status_text: '', app_url: '', status_link_enabled: false };

const SEARCH_DEBOUNCE_MS = 300;

export function AppLinksTab() {
  const [typed, setTyped] = useState('');
  const [search] = useDebounce(typed.trim(), SEARCH_DEBOUNCE_MS);
  const [pageState, setPageState] = useState({ page: 1, of: '' });
  const page = pageState.of === search ? pageState.page : 1;
  const { data, error, isLoading, isValidating } = useAdminApps({ page, search, sort: 'name', state: 'active' });
  const apps = data?.items ?? [];
  const [chosen, setChosen] = useState<AdminAppRow | null>(null);
  const appId = chosen?.id ?? '';
  // The chosen app stays in the picker while another page or search is shown.
  const choices = chosen && !apps.some((app) => app.id === chosen.id) ? [chosen, ...apps] : apps;
  const [links, setLinks] = useState<AppLinks>(EMPTY);
  const { pending: saving, send } = useSubmit();

  const reported = useRef(false);
  useEffect(() => {
    if (error && !reported.current) {
      reported.current = true;
      toast.error('Failed to load apps');
    }
  }, [error]);

  function choose(id: string) {
    const app = choices.find((candidate) => candidate.id === id) ?? null;
    setChosen(app);
    setLinks(app ? linksOf(app) : EMPTY);
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!appId) {
      toast.error('Please select an app first');
      return;
    }
    await send(
      () =>
        updateAppLinks(appId, {
          ...links,
          status_text: links.status_text?.trim() || null,
          app_url: links.app_url?.trim() || null,
        }),
      {
        onSuccess: () => {
          toast.success('App link configuration saved successfully');
        },
        onFailure: () => {
          toast.error('Failed to save app link configuration');
        },
      },
    );
  }

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2>App Link Configuration</h2>
          </CardTitle>
          <CardDescription>Set an app's development status and where its public page links to.</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={save} className="grid gap-4 md:grid-cols-2">
            <Field id="links-app" label="App">
              <NativeSelect id="links-app" value={appId} onChange={(e) => choose(e.target.value)}>
                <option value="">Choose an app</option>
                {choices.map((app) => (
                  <option key={app.id} value={app.id}>
                    {app.name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="links-status" label="Development status">
              <NativeSelect
                id="links-status"
                value={links.development_status}
                onChange={(e) => setLinks({ ...links, development_status: e.target.value as DevelopmentStatus })}
              >
                {Object.entries(DEVELOPMENT_STATUS_LABELS).map(([status, label]) => (
                  <option key={status} value={status}>
                    {label}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="links-text" label="Status text">
              <Input
                id="links-text"
                maxLength={120}
                placeholder="e.g. Private beta: ask for an invite"
                value={links.status_text ?? ''}
                onChange={(e) => setLinks({ ...links, status_text: e.target.value })}
              />
            </Field>
            <Field id="links-url" label="App URL">
              <Input
                id="links-url"
                type="url"
                placeholder="https://"
                value={links.app_url ?? ''}
                onChange={(e) => setLinks({ ...links, app_url: e.target.value })}
              />
            </Field>
            <label className="flex items-center gap-2 text-sm font-medium md:col-span-2">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={links.status_link_enabled}
                onChange={(e) => setLinks({ ...links, status_link_enabled: e.target.checked })}
              />
              Link enabled (the public page links to the app)
            </label>
            <div className="md:col-span-2">
              <Button type="submit" disabled={saving}>
                {saving ? 'Saving...' : 'Save Configuration'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="gap-3 sm:flex-row sm:items-center sm:justify-between">
          <CardTitle asChild>
            <h2>App Status Overview</h2>
          </CardTitle>
          <Input
            aria-label="Search active apps"
            type="search"
            placeholder="Search by name or category"
            className="sm:w-64"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </CardHeader>
        <CardContent className="min-w-0">
          {/* relative: the scroll box must contain the links' screen-reader text, or it widens the page. A region
              that takes focus: on a phone the keyboard scrolls it. */}
          <div className="relative overflow-x-auto" role="region" aria-label="App links" tabIndex={0}>
            <table className="w-full min-w-[720px] text-left text-sm">
              <thead className="border-b text-muted-foreground">
                <tr>
                  {['App Name', 'Category', 'Status', 'Status Text', 'Link Enabled', 'App URL'].map((heading) => (
                    <th key={heading} scope="col" className="py-2 pr-4 font-medium">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {apps.map((app) => (
                  <tr key={app.id} className="border-b last:border-0">
                    <td className="py-2 pr-4 font-medium">{app.name}</td>
                    <td className="py-2 pr-4">{app.category}</td>
                    <td className="py-2 pr-4">
                      <DevelopmentStatusBadge status={app.development_status} />
                    </td>
                    <td className="py-2 pr-4">{app.status_text || '—'}</td>
                    <td className="py-2 pr-4">{app.status_link_enabled ? 'Yes' : 'No'}</td>
                    <td className="py-2 pr-4">
                      {app.app_url ? (
                        <a
                          href={app.app_url}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="text-primary underline-offset-4 hover:underline"
                        >
                          Visit<span className="sr-only"> {app.name} (opens in a new tab)</span>
                        </a>
                      ) : (
                        '—'
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {data && apps.length === 0 && (
              <p className="py-4 text-muted-foreground">
                {search ? 'No app matches the search.' : 'No apps found. Add some apps to get started!'}
              </p>
            )}
            {!data && !error && <p className="py-4 text-muted-foreground">Loading apps...</p>}
          </div>
          {data && data.filtered > 0 && (
            <Pager
              page={data}
              label="App links pages"
              busy={isLoading || isValidating}
              onPage={(next) => setPageState({ page: next, of: search })}
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function linksOf(app: AdminAppRow): AppLinks {
  return {
    development_status: app.development_status,
    status_text: app.status_text ?? '',
    app_url: app.app_url ?? '',
    status_link_enabled: app.status_link_enabled,
  };
}
