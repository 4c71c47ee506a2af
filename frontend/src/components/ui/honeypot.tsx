/**
 * The honeypot every public write form carries: a `website` text field people never see or reach (off
 * screen, aria-hidden, out of the tab order, autocomplete off) and form-filling bots fill in. The server
 * answers a filled one like a success and keeps nothing. Kept tiny: it is in first-load forms.
 */
export function Honeypot() {
  return <input name="website" tabIndex={-1} autoComplete="off" aria-hidden="true" className="absolute -left-[9999px] size-px" />;
}

/** The trap's value in a submitted form, to send along; undefined (left out of the JSON) when blank. */
export function honeypotOf(form: HTMLFormElement): { website?: string } {
  return { website: (form.elements.namedItem('website') as HTMLInputElement | null)?.value || undefined };
}
