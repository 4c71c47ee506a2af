/**
 * The shapes of the feedback forms: their dialog frame, a labelled input, a labelled message with its counter;
 * each field shows the server's message about it, and a message says when pasted text was cut to the limit.
 */
import type { ComponentProps, ReactNode } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { FieldMessages, fieldDescription, useCutNote } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';

type FieldProps<Element extends 'input' | 'textarea'> = Omit<ComponentProps<Element>, 'id' | 'onChange' | 'value'> & {
  id: string;
  label: string;
  value: string;
  onValueChange(value: string): void;
  /** The server's message about the field. */
  error?: string | undefined;
};

export function TextField({ id, label, onValueChange, error, maxLength, value, ...props }: FieldProps<'input'>) {
  const { cut, onPaste } = useCutNote(maxLength, value);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        onPaste={onPaste}
        {...fieldDescription(id, error, cut)}
        {...props}
      />
      <FieldMessages id={id} error={error} cut={cut} />
    </div>
  );
}

type KnownFieldProps = Pick<FieldProps<'input'>, 'id' | 'value' | 'onValueChange' | 'disabled' | 'error'>;

/** The visitor's name, as every feedback form asks it. */
export function NameField(props: KnownFieldProps) {
  return <TextField label="Name" name="name" autoComplete="name" {...props} />;
}

/** The visitor's e-mail address, as every feedback form asks it. */
export function EmailField(props: KnownFieldProps) {
  return <TextField label="Email" type="email" name="email" autoComplete="email" placeholder="you@company.com" {...props} />;
}

/** With `maxLength`, a live 'n/max' counter follows the field (spec §5: suggestions and questions, 500). */
export function MessageField({ id, label, onValueChange, maxLength, value, error, ...props }: FieldProps<'textarea'>) {
  const { cut, onPaste } = useCutNote(maxLength, value);
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Textarea
        id={id}
        rows={4}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        onPaste={onPaste}
        {...fieldDescription(id, error, cut, maxLength ? `${id}-count` : undefined)}
        {...props}
      />
      {maxLength && (
        <p id={`${id}-count`} className="self-end text-xs text-muted-foreground tabular-nums">
          {value.length}/{maxLength}
        </p>
      )}
      <FieldMessages id={id} error={error} cut={cut} />
    </div>
  );
}

export interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The frame of the feedback dialogs: title, description, and the form, which lives inside the content that
 * radix unmounts on close, so each opening starts afresh. `children` gets the function that closes it.
 */
export function FormDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: FormDialogProps & { title: string; description: string; children: (close: () => void) => ReactNode }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children(() => onOpenChange(false))}
      </DialogContent>
    </Dialog>
  );
}
