/**
 * The fields of a catalogue app as a command receives them, validated with zod. Every field of the spec's
 * apps entity is here; `slug` falls back to the slugified name, and views start at the given figure
 * (imports and the demo catalogue carry one; new apps start at 0).
 */
import { z } from 'zod';
import { roiFiguresSchema } from '../../../../contracts/catalogue/app.js';
import { canonicalCategory, DEVELOPMENT_STATUSES, slugify } from '../../../../contracts/catalogue/fields.js';
import { ValidationError } from '../../shared/errors/domain-error.js';

const line = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null);
const list = (maxItem: number) => z.array(line(maxItem)).max(30).default([]);

export const appFieldsSchema = z.strictObject({
  name: line(120),
  slug: z
    .string()
    .trim()
    .max(120)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens')
    .optional(),
  description: line(1000),
  long_description: optionalText(10_000),
  problem_solved: optionalText(1000),
  /** The spec's spelling of a standard category, whatever the case it was typed or imported in. */
  category: line(60).transform(canonicalCategory),
  featured: z.boolean().default(false),
  replaces_tools: optionalText(500),
  development_status: z.enum(DEVELOPMENT_STATUSES).default('concept'),
  app_url: z
    .url({ protocol: /^https?$/, error: 'Enter a full http(s) URL' })
    .max(2000)
    .nullish()
    .transform((value) => value ?? null),
  status_text: optionalText(120),
  status_link_enabled: z.boolean().default(false),
  key_features: list(300),
  how_it_works: list(300),
  spreadsheet_benefits: list(300),
  target_personas: list(300),
  roi_benefits: list(300),
  /** null: the app page shows the spec's figures. */
  roi_figures: roiFiguresSchema.nullish().transform((value) => value ?? null),
  faq_items: z
    .array(z.strictObject({ question: line(300), answer: line(2000) }))
    .max(30)
    .default([]),
  meta_title: optionalText(120),
  meta_description: optionalText(320),
  keywords: list(80),
  views: z.number().int().min(0).default(0),
});

export type AppFieldsInput = z.input<typeof appFieldsSchema>;

/**
 * An edit: any catalogue field but the view count (views are counted, never typed in). Only the fields
 * sent are changed; zod 4 would fill a defaulted field left out, so the result keeps the keys sent only.
 */
const appChangesSchema = appFieldsSchema.omit({ views: true }).partial();

/** The App Links form (spec §7: update an app with these four fields); all four are sent every time. */
export const appLinksSchema = z.strictObject({
  development_status: z.enum(DEVELOPMENT_STATUSES),
  status_text: appFieldsSchema.shape.status_text,
  app_url: appFieldsSchema.shape.app_url,
  status_link_enabled: z.boolean(),
});

/** One app of a bulk import: any catalogue field, and whether it starts active (spec §5: parsed apps are). */
export const importedAppSchema = appFieldsSchema.extend({ is_active: z.boolean().default(true) });
/** What the app stream records about an app (everything but the view count, which AppViewed events move). */
export { slugify };

export type AppDetails = Omit<z.output<typeof appFieldsSchema>, 'slug' | 'views'> & { slug: string };

/** The spec's keyword_bof: the replaced tools, or '{lowercase name} software' when there are none. */
export function keywordBof(app: Pick<AppDetails, 'name' | 'replaces_tools'>): string {
  return app.replaces_tools || `${app.name.toLowerCase()} software`;
}

/** Validates raw input; throws a ValidationError naming each bad field. */
export function parseAppFields(input: unknown): { details: AppDetails; views: number } {
  const result = appFieldsSchema.safeParse(input);
  if (!result.success) throw ValidationError.fromZod(result.error);
  const { views, slug, ...rest } = result.data;
  return { details: { ...rest, slug: slug || slugOfName(rest.name) }, views };
}

/** Validates an edit; the changes hold only the fields the input names. */
export function parseAppChanges(input: unknown): Partial<AppDetails> {
  const result = appChangesSchema.safeParse(input);
  if (!result.success) throw ValidationError.fromZod(result.error);
  const sent = new Set(Object.keys(input as object));
  const changes = Object.fromEntries(Object.entries(result.data).filter(([key]) => sent.has(key))) as Partial<AppDetails>;
  return changes;
}

export function slugOfName(name: string): string {
  const slug = slugify(name);
  if (!slug) throw new ValidationError('The name needs at least one letter or digit.', { name: 'Needs a letter or digit' });
  return slug;
}
