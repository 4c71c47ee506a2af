import { useState } from 'react';
import { toast } from 'sonner';
import { useSWRConfig } from 'swr';
import { Badge } from '../../../../components/ui/badge';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader } from '../../../../components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../../components/ui/dialog';
import { Label } from '../../../../components/ui/label';
import { Pager } from '../../../../components/ui/pager';
import { Textarea } from '../../../../components/ui/textarea';
import { isMessagesKey, updateVisitorMessage, useVisitorMessages, type MessageKind } from '../api/visitor-messages';
import { formatDate, formatDateTimeWithZone, statusBadgeClass } from '../dashboard-rules';
import type { MessageStatus, VisitorMessage } from '../types';
import { useTimeZone } from '../../time-zone/time-zone';

/** The two tabs' wording (spec §2, §8). */
const TEXTS = {
  'quick-questions': {
    title: 'Quick Questions',
    dialogTitle: 'Question Details',
    empty: 'No questions found',
    updated: 'Question updated successfully.',
    failed: 'Failed to update question.',
    // Opening an unread question marks it read; opening an inquiry does not (spec §4).
    markReadOnOpen: true,
  },
  'developer-inquiries': {
    title: 'Developer Inquiries',
    dialogTitle: 'Developer Inquiry Details',
    empty: 'No developer inquiries found',
    updated: 'Inquiry updated successfully.',
    failed: 'Failed to update inquiry.',
    markReadOnOpen: false,
  },
} as const;

/** A page of questions or inquiries (the server pages them, newest first) under the whole list's counts. */
export function VisitorMessagesTab({ kind }: { kind: MessageKind }) {
  const texts = TEXTS[kind];
  const { mutate } = useSWRConfig();
  const [page, setPage] = useState(1);
  const { data, isLoading, isValidating } = useVisitorMessages(kind, page);
  const messages = data?.items;
  const [openId, setOpenId] = useState<string | null>(null);
  const counts = { total: data?.total ?? 0, unread: data?.unread ?? 0, replied: data?.replied ?? 0 };
  const selected = messages?.find((message) => message.id === openId);

  /** Sends the update, reloads the pages (the counts change too); the caller decides about toasts and the dialog. */
  async function update(id: string, change: { status: MessageStatus; admin_notes?: string }) {
    await updateVisitorMessage(kind, id, change);
    await mutate(isMessagesKey(kind));
  }

  async function updateAndClose(id: string, change: { status: MessageStatus; admin_notes?: string }) {
    try {
      await update(id, change);
      toast.success(texts.updated);
      // The dialog closes if it showed the updated item (spec §4).
      setOpenId((current) => (current === id ? null : current));
    } catch (error) {
      console.error(texts.failed, error);
      toast.error(texts.failed);
    }
  }

  function open(message: VisitorMessage) {
    setOpenId(message.id);
    if (texts.markReadOnOpen && message.status === 'unread') {
      update(message.id, { status: 'read' }).catch((error: unknown) => {
        console.error(texts.failed, error);
        toast.error(texts.failed);
      });
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="grid grid-cols-3 gap-4">
        {(
          [
            ['Total', counts.total],
            ['Unread', counts.unread],
            ['Replied', counts.replied],
          ] as const
        ).map(([label, value]) => (
          <Card key={label} className="gap-1 py-4">
            <CardContent className="px-4">
              <p className="text-sm text-muted-foreground">{label}</p>
              <p className="text-2xl font-bold tabular-nums">{value}</p>
            </CardContent>
          </Card>
        ))}
      </div>
      <Card>
        <CardHeader>
          <h2 className="leading-tight font-semibold">{texts.title}</h2>
        </CardHeader>
        <CardContent>
          {!messages ? (
            <p className="text-sm text-muted-foreground">Loading...</p>
          ) : messages.length === 0 ? (
            <p className="py-6 text-center text-sm text-muted-foreground">{texts.empty}</p>
          ) : (
            <ul className="flex flex-col gap-3" aria-label={texts.title}>
              {messages.map((message) => (
                <li key={message.id}>
                  <button
                    type="button"
                    className="flex w-full flex-col gap-1 rounded-lg border p-4 text-left transition-colors hover:bg-muted/50 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    onClick={() => open(message)}
                  >
                    <span className="flex flex-wrap items-center gap-2">
                      <span className="font-medium">{message.name}</span>
                      <Badge className={statusBadgeClass(message.status)}>{message.status}</Badge>
                      <span className="text-sm text-muted-foreground">{formatDate(message.created_at)}</span>
                    </span>
                    <span className="text-sm break-all text-muted-foreground">{message.email}</span>
                    <span className="line-clamp-2 text-sm">{message.message}</span>
                    {message.admin_notes && (
                      <span className="line-clamp-1 text-xs text-muted-foreground">Notes: {message.admin_notes}</span>
                    )}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {data && data.total > 0 && <Pager page={data} label={`${texts.title} pages`} busy={isLoading || isValidating} onPage={setPage} />}
        </CardContent>
      </Card>
      <MessageDialog
        key={selected?.id}
        title={texts.dialogTitle}
        message={selected}
        onClose={() => setOpenId(null)}
        onUpdate={(change) => (selected ? updateAndClose(selected.id, change) : Promise.resolve())}
      />
    </div>
  );
}

function MessageDialog({
  title,
  message,
  onClose,
  onUpdate,
}: {
  title: string;
  message: VisitorMessage | undefined;
  onClose: () => void;
  onUpdate: (change: { status: MessageStatus; admin_notes?: string }) => Promise<void>;
}) {
  const [notes, setNotes] = useState(message?.admin_notes ?? '');
  const [busy, setBusy] = useState<'status' | 'notes' | null>(null);
  const timeZone = useTimeZone();

  async function run(kind: 'status' | 'notes', change: { status: MessageStatus; admin_notes?: string }) {
    setBusy(kind);
    try {
      await onUpdate(change);
    } finally {
      setBusy(null);
    }
  }

  return (
    <Dialog open={message !== undefined} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="sr-only">The message, its status and your notes.</DialogDescription>
        </DialogHeader>
        {message && (
          <div className="flex flex-col gap-4 text-sm">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
              <dt className="text-muted-foreground">Name</dt>
              <dd className="font-medium">{message.name}</dd>
              <dt className="text-muted-foreground">Email</dt>
              <dd className="break-all">
                <a href={`mailto:${message.email}`} className="text-primary hover:underline">
                  {message.email}
                </a>
              </dd>
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                <Badge className={statusBadgeClass(message.status)}>{message.status}</Badge>
              </dd>
              <dt className="text-muted-foreground">Received</dt>
              <dd>{formatDateTimeWithZone(message.created_at, timeZone)}</dd>
              {message.linkedin_url && (
                <>
                  <dt className="text-muted-foreground">LinkedIn</dt>
                  <dd className="break-all">
                    <a href={message.linkedin_url} target="_blank" rel="noopener noreferrer" className="text-primary hover:underline">
                      {message.linkedin_url}
                    </a>
                  </dd>
                </>
              )}
              {message.portfolio_url && (
                <>
                  <dt className="text-muted-foreground">Portfolio</dt>
                  <dd className="break-all">
                    <a href={message.portfolio_url} target="_blank" rel="noopener noreferrer" className="text-primary hover:underline">
                      {message.portfolio_url}
                    </a>
                  </dd>
                </>
              )}
            </dl>
            <div className="flex flex-col gap-1">
              <p className="text-muted-foreground">Message</p>
              <p className="rounded-md bg-muted p-3 whitespace-pre-wrap">{message.message}</p>
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor="admin-notes">Admin Notes</Label>
              <Textarea id="admin-notes" rows={4} className="min-h-0" value={notes} onChange={(event) => setNotes(event.target.value)} />
            </div>
          </div>
        )}
        <DialogFooter className="flex-wrap">
          <Button type="button" variant="outline" disabled={busy !== null} onClick={() => void run('status', { status: 'read' })}>
            Mark as Read
          </Button>
          <Button type="button" variant="outline" disabled={busy !== null} onClick={() => void run('status', { status: 'replied' })}>
            Mark as Replied
          </Button>
          <Button type="button" variant="ghost" onClick={onClose}>
            Close
          </Button>
          <Button
            type="button"
            disabled={busy !== null || !message}
            onClick={() => message && void run('notes', { status: message.status, admin_notes: notes })}
          >
            {busy === 'notes' ? 'Saving...' : 'Save Notes'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
