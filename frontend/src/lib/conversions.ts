/**
 * Conversion tracking after a successful submit (spec §7). This stub is all that first-load code carries:
 * the tag code (lib/conversion-tag.ts) is imported on the first conversion, and does nothing unless the
 * server has an ads tag or a conversion page configured.
 */
export type ConversionKind = 'lead' | 'newsletter' | 'suggestion' | 'contact_form';

export function trackConversion(kind: ConversionKind): void {
  import('./conversion-tag')
    .then((tag) => tag.fireConversion(kind))
    .catch((error: unknown) => console.error('Conversion tracking failed', error));
}
