import type { ComponentProps } from 'react';
import { fieldDescription } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';

type EmailInputProps = Omit<ComponentProps<typeof Input>, 'type' | 'name' | 'onChange' | 'id'> & {
  id: string;
  onValueChange(value: string): void;
  /** Set by the form's last submit when the address was refused; shown to assistive technology. */
  invalid: boolean;
  /** The server's message about the address, shown under the field (FieldMessages) and tied to it here. */
  error?: string | undefined;
};

/** The visitor e-mail field shared by the early-access forms (newsletter, waitlist, quiz, share link). */
export function EmailInput({ id, onValueChange, invalid, error, ...props }: EmailInputProps) {
  const description = fieldDescription(id, error, null);
  return (
    <Input
      id={id}
      type="email"
      name="email"
      autoComplete="email"
      placeholder="you@company.com"
      {...description}
      aria-invalid={invalid || description['aria-invalid']}
      onChange={(event) => onValueChange(event.target.value)}
      {...props}
    />
  );
}
