/** A new password and its confirmation: the reset-password form's and the first administrator's. */
import { Field, fieldDescription } from '../../../components/ui/field';
import { PasswordInput } from './password-input';

interface NewPasswordFieldsProps {
  idPrefix: string;
  label: string;
  confirmLabel: string;
  password: string;
  onPassword: (value: string) => void;
  confirmPassword: string;
  onConfirmPassword: (value: string) => void;
  error?: string;
}

export function NewPasswordFields({
  idPrefix,
  label,
  confirmLabel,
  password,
  onPassword,
  confirmPassword,
  onConfirmPassword,
  error,
}: NewPasswordFieldsProps) {
  const id = `${idPrefix}-password`;
  return (
    <>
      <Field id={id} label={label} error={error}>
        <PasswordInput
          id={id}
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => onPassword(event.target.value)}
          {...fieldDescription(id, error, null)}
        />
      </Field>
      <Field id={`${idPrefix}-confirm-password`} label={confirmLabel}>
        <PasswordInput
          id={`${idPrefix}-confirm-password`}
          autoComplete="new-password"
          required
          value={confirmPassword}
          onChange={(event) => onConfirmPassword(event.target.value)}
        />
      </Field>
    </>
  );
}
