import type { ReactNode } from 'react';
import { Label } from './label';

/** A label above its control; `id` ties them together. */
export function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}
