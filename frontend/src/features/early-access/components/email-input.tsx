import type { ComponentProps } from 'react';
import { Input } from '../../../components/ui/input';

type EmailInputProps = Omit<ComponentProps<typeof Input>, 'type' | 'name' | 'onChange'> & {
  onValueChange(value: string): void;
  /** Set by the form's last submit when the address was refused; shown to assistive technology. */
  invalid: boolean;
};

/** The visitor e-mail field shared by the early-access forms (newsletter, waitlist, quiz, share link). */
export function EmailInput({ onValueChange, invalid, ...props }: EmailInputProps) {
  return (
    <Input
      type="email"
      name="email"
      autoComplete="email"
      placeholder="you@company.com"
      aria-invalid={invalid || undefined}
      onChange={(event) => onValueChange(event.target.value)}
      {...props}
    />
  );
}
