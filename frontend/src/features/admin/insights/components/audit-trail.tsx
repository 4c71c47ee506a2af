/** The audit trail: every change an administrator made, who made it and when, newest first. */
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent } from '../../../../components/ui/card';
import { useAuditTrail, type AuditEntry } from '../api/get-audit-trail';
import { formatDateTime } from '../format';

const PAGE_SIZE = 25;

export function AuditTrail() {
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useAuditTrail({ page, pageSize: PAGE_SIZE });
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <Card>
      <CardContent className="space-y-4">
        {error && !data && (
          <p role="alert" className="text-destructive">
            The audit trail could not be loaded.
          </p>
        )}
        {isLoading && !data && (
          <p role="status" className="text-muted-foreground">
            Loading the audit trail...
          </p>
        )}
        {data && data.entries.length === 0 && <p className="text-muted-foreground">No admin changes recorded yet.</p>}
        {data && data.entries.length > 0 && (
          <>
            {/* A phone gets one block per change; wider screens a table. */}
            <ul className="divide-y md:hidden" aria-label="Audit trail">
              {data.entries.map((entry) => (
                <li key={entry.position} className="py-2 text-sm">
                  <p className="font-medium break-words">{entry.description}</p>
                  <p className="text-sm break-words">{entry.record}</p>
                  <p className="text-xs break-words text-muted-foreground">
                    {actorOf(entry)} · {formatDateTime(entry.at)}
                  </p>
                </li>
              ))}
            </ul>
            <div className="hidden overflow-x-auto md:block">
              <table className="w-full text-left text-sm">
                <thead className="border-b text-muted-foreground">
                  <tr>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      When
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      Who
                    </th>
                    <th scope="col" className="py-2 pr-4 font-medium">
                      What
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      Record
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {data.entries.map((entry) => (
                    <tr key={entry.position} className="align-top">
                      <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(entry.at)}</td>
                      <td className="py-2 pr-4 break-words">{actorOf(entry)}</td>
                      <td className="py-2 pr-4 break-words">{entry.description}</td>
                      <td className="py-2 break-words text-muted-foreground">{entry.record}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
        {data && data.total > PAGE_SIZE && (
          <nav aria-label="Audit trail pages" className="flex items-center justify-between gap-2">
            <Button type="button" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <span className="text-sm text-muted-foreground">
              Page {page} of {pages}
            </span>
            <Button type="button" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </nav>
        )}
      </CardContent>
    </Card>
  );
}

function actorOf(entry: AuditEntry): string {
  return entry.actor.email ?? `Deleted account (${entry.actor.userId})`;
}
