import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import { useDebounce } from 'use-debounce';
import { paths } from '../../../../lib/paths';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { Input } from '../../../../components/ui/input';
import { Pager } from '../../../../components/ui/pager';
import { NativeSelect } from '../../../../components/ui/select';
import { LeadFlags, LeadReferralSummary, LeadStatusBadge } from '../../standing/components/lead-standing';
import { VoidReferralDialog } from '../../standing/components/void-referral-dialog';
import { voidTarget, type VoidTarget } from '../../standing/standing-rules';
import { deleteLead } from '../api/delete-lead';
import { isGrowthKey } from '../api/get-growth';
import { isLeadsKey, useLeads } from '../api/get-leads';
import { formatDate, leadsTitleCount } from '../dashboard-rules';
import type { Lead, LeadSort } from '../types';
import { exportLeads } from './export-leads';

const ALL = '';
/** A cell after the address: a row of the lead's card on a phone, labelled with its column. */
const cell =
  'py-2 pr-4 text-muted-foreground max-md:flex max-md:gap-3 max-md:py-0 max-md:pr-0 max-md:before:w-24 max-md:before:shrink-0 max-md:before:text-xs max-md:before:leading-5 max-md:before:font-medium max-md:before:content-[attr(data-label)]';
const SEARCH_DEBOUNCE_MS = 300;
const SORTS: { value: LeadSort; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'email', label: 'By e-mail' },
];

/**
 * Leads: the source-page filter, a search by address, the order, Export CSV, and a page of the table, each
 * lead with its standing (confirmation, flags, the referral it joined through). The server filters, sorts,
 * counts and pages (GET /api/admin/leads); the search is sent once typing pauses. Deleting a lead erases the
 * person for good, and voiding a referral cannot be undone either, so a dialog names the address and what
 * changes before anything happens; either reloads the pages of leads.
 */
export function LeadsTab() {
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [sourcePage, setSourcePage] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const [search] = useDebounce(typed.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<LeadSort>('newest');
  const [pageState, setPageState] = useState({ page: 1, of: '' });
  // A new filter, search or order starts again at the first page.
  const listKey = JSON.stringify([sourcePage, search, sort]);
  const page = pageState.of === listKey ? pageState.page : 1;
  const { data, isLoading, isValidating } = useLeads({ page, sourcePage, search, sort });
  const [deleting, setDeleting] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Lead | null>(null);
  const [voiding, setVoiding] = useState<VoidTarget | null>(null);
  const shown = data?.items ?? [];
  const narrowed = sourcePage !== null || search !== '';

  async function remove(lead: Lead) {
    setConfirming(null);
    setDeleting(lead.id);
    try {
      await deleteLead(lead.id);
      // The list and the top cards: the lead leaves the counts, as the dialog said.
      await Promise.all([mutate(isLeadsKey), mutate(isGrowthKey)]);
      toast.success('Lead deleted', { description: 'The lead has been successfully removed.' });
    } catch (error) {
      console.error('Failed to delete lead', error);
      toast.error('Failed to delete lead. Please try again.');
    } finally {
      setDeleting(null);
    }
  }

  return (
    <Card>
      <CardHeader className="gap-4 sm:flex-row sm:items-center sm:justify-between">
        <h2 className="leading-tight font-semibold">
          Early Explorer Leads ({data ? leadsTitleCount(data.filtered, data.total, narrowed) : '…'})
        </h2>
        <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-center sm:justify-end">
          <label htmlFor="lead-search" className="sr-only">
            Search leads by e-mail
          </label>
          <Input
            id="lead-search"
            type="search"
            className="sm:w-56"
            placeholder="Search by e-mail"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
          <label htmlFor="lead-source-filter" className="sr-only">
            Filter by source page
          </label>
          <NativeSelect
            id="lead-source-filter"
            className="sm:w-56"
            value={sourcePage ?? ALL}
            onChange={(event) => setSourcePage(event.target.value === ALL ? null : event.target.value)}
          >
            <option value={ALL}>All Pages ({data?.total ?? 0})</option>
            {data?.sourcePages.map(({ page: source, count }) => (
              <option key={source} value={source}>
                {source} ({count})
              </option>
            ))}
          </NativeSelect>
          <label htmlFor="lead-sort" className="sr-only">
            Order of the leads
          </label>
          <NativeSelect id="lead-sort" className="sm:w-40" value={sort} onChange={(event) => setSort(event.target.value as LeadSort)}>
            {SORTS.map(({ value, label }) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
          <div className="flex gap-2">
            <Button type="button" variant="outline" disabled={sourcePage === null} onClick={() => setSourcePage(null)}>
              Clear Filter
            </Button>
            <Button type="button" onClick={() => void exportLeads(sourcePage)}>
              Export CSV
            </Button>
          </div>
        </div>
      </CardHeader>
      <CardContent>
        {!data ? (
          <p className="text-sm text-muted-foreground">Loading...</p>
        ) : data.total === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No leads yet. Share the Early Explorer program to get started!</p>
        ) : shown.length === 0 ? (
          <p className="py-6 text-center text-sm text-muted-foreground">No lead matches the filter.</p>
        ) : (
          // A card per lead on a phone (each cell naming its column), the table from the md breakpoint up.
          // relative: the sr-only header (absolutely placed) would otherwise escape the scroll box and widen the page.
          <div className="relative md:overflow-x-auto">
            <table className="w-full text-left text-sm max-md:block">
              <thead className="border-b text-muted-foreground max-md:sr-only">
                <tr>
                  <th className="py-2 pr-4 font-medium">Email</th>
                  <th className="py-2 pr-4 font-medium">Source Page</th>
                  <th className="py-2 pr-4 font-medium">Date</th>
                  <th className="py-2 pr-4 font-medium">Status</th>
                  <th className="py-2 pr-4 font-medium">Referral</th>
                  <th className="py-2 pr-4 font-medium">Flags</th>
                  <th className="py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="max-md:block">
                {shown.map((lead) => {
                  const voidable = voidTarget(lead);
                  return (
                    <tr
                      key={lead.id}
                      className="cursor-pointer border-b last:border-0 hover:bg-muted/50 max-md:flex max-md:flex-col max-md:gap-1.5 max-md:py-3"
                      onClick={() => navigate(paths.adminLead(lead.id))}
                    >
                      <td className="py-2 pr-4 font-medium [overflow-wrap:break-word] max-md:py-0 md:min-w-48">
                        <EmailText email={lead.email} />
                      </td>
                      <td data-label="Source Page" className={cell}>
                        {lead.source_page || '—'}
                      </td>
                      <td data-label="Date" className={`${cell} whitespace-nowrap`}>
                        {formatDate(lead.created_at)}
                      </td>
                      <td data-label="Status" className={cell}>
                        <LeadStatusBadge status={lead.status} />
                      </td>
                      <td data-label="Referral" className={`${cell} md:min-w-44`}>
                        {lead.referral ? <LeadReferralSummary referral={lead.referral} /> : '—'}
                      </td>
                      <td data-label="Flags" className={`${cell} md:min-w-56`}>
                        {lead.flags.length > 0 ? <LeadFlags flags={lead.flags} className="max-w-xs" /> : '—'}
                      </td>
                      <td className="py-2 text-right whitespace-nowrap max-md:-ml-3 max-md:py-0 max-md:text-left">
                        {voidable && (
                          <Button
                            type="button"
                            variant="ghost"
                            size="sm"
                            aria-label={`Void referral of ${lead.email}`}
                            onClick={(event) => {
                              event.stopPropagation();
                              setVoiding(voidable);
                            }}
                          >
                            Void referral
                          </Button>
                        )}
                        <Button
                          type="button"
                          variant="ghost"
                          size="sm"
                          className="text-destructive hover:text-destructive"
                          aria-label={`Delete ${lead.email}`}
                          disabled={deleting === lead.id}
                          onClick={(event) => {
                            event.stopPropagation();
                            setConfirming(lead);
                          }}
                        >
                          Delete
                        </Button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {data && data.filtered > 0 && (
          <Pager
            page={data}
            label="Leads pages"
            busy={isLoading || isValidating}
            onPage={(next) => setPageState({ page: next, of: listKey })}
          />
        )}
      </CardContent>
      <Dialog open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete this lead for good?</DialogTitle>
            <DialogDescription>
              <span className="font-medium break-all text-foreground">{confirming?.email}</span> will be erased everywhere: their place on
              the list, their e-mail address, name and messages (in suggestions, questions and e-mails sent to them) and the pages they
              visited. The lead counts (Early Explorers, leads joined) drop by one; everyone else keeps their position. This cannot be
              undone.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button
              type="button"
              className="bg-destructive text-white hover:bg-destructive/90"
              onClick={() => confirming && void remove(confirming)}
            >
              Delete lead
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <VoidReferralDialog target={voiding} onClose={() => setVoiding(null)} onSettled={() => mutate(isLeadsKey)} />
    </Card>
  );
}

/** An address that wraps before its @ when it must, and inside a part only when that part alone is too long. */
function EmailText({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at <= 0) return email;
  return (
    <>
      {email.slice(0, at)}
      <wbr />
      {email.slice(at)}
    </>
  );
}
