/**
 * Manage Apps' list: every app, deactivated ones too, a page at a time, with a search (sent once typing
 * pauses), an order, Edit and Deactivate / Reactivate. The server searches, sorts, counts and pages
 * (GET /api/admin/apps).
 */
import { countOf, formatInteger } from '../../../../lib/utils';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { useDebounce } from 'use-debounce';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Input } from '../../../../components/ui/input';
import { Pager } from '../../../../components/ui/pager';
import { NativeSelect } from '../../../../components/ui/select';
import { useAdminApps } from '../api/get-admin-apps';
import { setAppActive } from '../api/set-app-active';
import type { AdminAppRow, AdminAppSort } from '../types';
import { DevelopmentStatusBadge } from './development-status-badge';

const SEARCH_DEBOUNCE_MS = 300;
const SORTS: { value: AdminAppSort; label: string }[] = [
  { value: 'name', label: 'By name' },
  { value: 'views', label: 'Most viewed' },
  { value: 'newest', label: 'Newest first' },
];

type AppsTableProps = {
  editPath: (id: string) => string;
  publicPath: (slug: string) => string;
};

export function AppsTable({ editPath, publicPath }: AppsTableProps) {
  const [filter, setFilter] = useState('');
  const [search] = useDebounce(filter.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<AdminAppSort>('name');
  const [pageState, setPageState] = useState({ page: 1, of: '' });
  // A new search or order starts again at the first page.
  const listKey = JSON.stringify([search, sort]);
  const page = pageState.of === listKey ? pageState.page : 1;
  const { data, error, isLoading, isValidating } = useAdminApps({ page, search, sort, state: 'all' });
  const [busy, setBusy] = useState<string | null>(null);
  const shown = data?.items ?? [];

  async function toggle(app: AdminAppRow) {
    setBusy(app.id);
    try {
      await setAppActive(app.id, !app.is_active);
      toast.success(app.is_active ? `${app.name} deactivated` : `${app.name} reactivated`);
    } catch {
      toast.error(app.is_active ? 'Failed to deactivate app' : 'Failed to reactivate app');
    } finally {
      setBusy(null);
    }
  }

  if (error && !data) {
    return (
      <p role="alert" className="text-destructive">
        Failed to load apps
      </p>
    );
  }
  if (!data) {
    return (
      <p role="status" className="text-muted-foreground">
        Loading apps...
      </p>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          {formatInteger(data.total)} apps, {formatInteger(data.inactive)} inactive
        </p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Input
            aria-label="Filter apps"
            type="search"
            placeholder="Filter by name or category"
            className="sm:w-64"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
          />
          <NativeSelect
            aria-label="Order of the apps"
            className="sm:w-40"
            value={sort}
            onChange={(e) => setSort(e.target.value as AdminAppSort)}
          >
            {SORTS.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {/* A phone gets one card per app, with its actions in reach; wider screens get the table. */}
      <ul className="flex flex-col gap-3 md:hidden">
        {shown.map((app) => (
          <li
            key={app.id}
            className={`flex flex-col gap-2 rounded-xl border p-4 ${app.is_active ? 'bg-card' : 'bg-muted/50 text-muted-foreground'}`}
          >
            <div className="flex items-start justify-between gap-2">
              <div>
                <Link to={editPath(app.id)} className="font-medium hover:underline">
                  {app.name}
                </Link>
                <div className="text-xs text-muted-foreground">
                  {app.category} · {countOf(app.views, 'view', 'views')}
                  {app.featured ? ' · Featured' : ''}
                </div>
              </div>
              <Badge variant={app.is_active ? 'secondary' : 'outline'}>{app.is_active ? 'Active' : 'Inactive'}</Badge>
            </div>
            <DevelopmentStatusBadge status={app.development_status} />
            <Actions app={app} busy={busy === app.id} onToggle={toggle} editPath={editPath} publicPath={publicPath} />
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-xl border bg-card md:block">
        <table className="w-full min-w-[760px] text-left text-sm">
          <thead className="border-b text-muted-foreground">
            <tr>
              {['Name', 'Category', 'Status', 'Views', 'Featured', 'Active', 'Actions'].map((heading) => (
                <th key={heading} scope="col" className="px-4 py-2 font-medium">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((app) => (
              <tr
                key={app.id}
                className={app.is_active ? 'border-b last:border-0' : 'border-b bg-muted/50 text-muted-foreground last:border-0'}
              >
                <td className="px-4 py-2 font-medium">
                  <Link to={editPath(app.id)} className="hover:underline">
                    {app.name}
                  </Link>
                  <div className="text-xs text-muted-foreground">/{app.slug}</div>
                </td>
                <td className="px-4 py-2">{app.category}</td>
                <td className="px-4 py-2">
                  <DevelopmentStatusBadge status={app.development_status} />
                </td>
                <td className="px-4 py-2 tabular-nums">{formatInteger(app.views)}</td>
                <td className="px-4 py-2">{app.featured ? 'Yes' : 'No'}</td>
                <td className="px-4 py-2">
                  <Badge variant={app.is_active ? 'secondary' : 'outline'}>{app.is_active ? 'Active' : 'Inactive'}</Badge>
                </td>
                <td className="px-4 py-2">
                  <Actions app={app} busy={busy === app.id} onToggle={toggle} editPath={editPath} publicPath={publicPath} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.length === 0 && (
        <p className="text-muted-foreground">
          {data.total === 0 ? 'No apps found. Add some apps to get started!' : 'No app matches the filter.'}
        </p>
      )}
      {data.filtered > 0 && (
        <Pager
          page={data}
          label="Apps pages"
          busy={isLoading || isValidating}
          onPage={(next) => setPageState({ page: next, of: listKey })}
        />
      )}
    </div>
  );
}

type ActionsProps = Pick<AppsTableProps, 'editPath' | 'publicPath'> & {
  app: AdminAppRow;
  busy: boolean;
  onToggle: (app: AdminAppRow) => void;
};

function Actions({ app, busy, onToggle, editPath, publicPath }: ActionsProps) {
  return (
    <div className="flex gap-1">
      <Button asChild size="sm" variant="outline">
        <Link to={editPath(app.id)} aria-label={`Edit ${app.name}`}>
          Edit
        </Link>
      </Button>
      <Button
        size="sm"
        variant="ghost"
        disabled={busy}
        onClick={() => onToggle(app)}
        aria-label={`${app.is_active ? 'Deactivate' : 'Reactivate'} ${app.name}`}
      >
        {app.is_active ? 'Deactivate' : 'Reactivate'}
      </Button>
      {app.is_active && (
        <Button asChild size="sm" variant="ghost">
          <a href={publicPath(app.slug)} target="_blank" rel="noopener noreferrer" aria-label={`View ${app.name} (opens in a new tab)`}>
            View
          </a>
        </Button>
      )}
    </div>
  );
}
