/**
 * A form field's frame: its label, its control, the server's message about it and a note when pasted text
 * was cut to the field's limit. Both messages sit under the control, tied to it by aria-describedby.
 */
import { useState, type ClipboardEvent, type ReactNode } from 'react';
import { Label } from './label';

/** The id of a control's message (fieldDescription gives the control's aria-describedby). */
export const errorIdOf = (id: string) => `${id}-error`;
const cutIdOf = (id: string) => `${id}-cut`;

/** A label above its control; `id` ties them together; `error` and `cut` go under it. */
export function Field({
  id,
  label,
  error,
  cut,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  cut?: string | null;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldMessages id={id} error={error} cut={cut} />
    </div>
  );
}

/** What the field says under its control: the server's message (an alert) and the cut note (announced politely). */
export function FieldMessages({ id, error, cut }: { id: string; error?: string | undefined; cut?: string | null | undefined }) {
  return (
    <>
      {error && (
        <p id={errorIdOf(id)} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {/* Always rendered, so that the note is announced when it appears. */}
      <p id={cutIdOf(id)} aria-live="polite" className="text-sm text-muted-foreground empty:hidden">
        {cut ?? ''}
      </p>
    </>
  );
}

/** The props that tie a control to its messages: aria-invalid and aria-describedby (with any ids it already has). */
export function fieldDescription(id: string, error: string | undefined, cut: string | null | undefined, ...others: (string | undefined)[]) {
  const describedBy = [...others, error ? errorIdOf(id) : undefined, cut ? cutIdOf(id) : undefined].filter(Boolean).join(' ');
  return { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined };
}

export const cutMessage = (maxLength: number) => `Your text was cut to ${maxLength} characters, the most this field takes.`;

/**
 * A field with a maxLength cuts pasted text silently; this says so. `onPaste` works out whether the paste
 * makes the text longer than the limit; `cut` is the note to show until the text is shorter than the limit.
 */
export function useCutNote(maxLength: number | undefined, value: string) {
  // The text as it was when a paste was cut: the paste event comes before the text changes, so the note is
  // cleared only once the text has changed since and is shorter than the limit again.
  const [cutFrom, setCutFrom] = useState<string | null>(null);
  if (cutFrom !== null && maxLength !== undefined && value !== cutFrom && value.length < maxLength) setCutFrom(null);
  function onPaste(event: ClipboardEvent<HTMLInputElement | HTMLTextAreaElement>) {
    if (maxLength === undefined) return;
    const control = event.currentTarget;
    const selected = (control.selectionEnd ?? 0) - (control.selectionStart ?? 0);
    const pasted = event.clipboardData.getData('text');
    if (control.value.length - selected + pasted.length > maxLength) setCutFrom(control.value);
  }
  return { cut: cutFrom !== null && maxLength !== undefined ? cutMessage(maxLength) : null, onPaste };
}
