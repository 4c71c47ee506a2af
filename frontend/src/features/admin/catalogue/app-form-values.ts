/**
 * The Manage Apps form works on text (one list item per line); these convert between the form's values
 * and the API's fields. Pure, so the round trip is unit-tested.
 */
import { ROI_FIGURES, type RoiFigureKey, type RoiFigures } from '../../../../../contracts/catalogue/fields';
import type { AdminApp, AppFields, DevelopmentStatus, FaqItem } from './types';

export const LIST_FIELDS = ['key_features', 'how_it_works', 'spreadsheet_benefits', 'target_personas', 'roi_benefits', 'keywords'] as const;
export type ListField = (typeof LIST_FIELDS)[number];

const TEXT_FIELDS = [
  'name',
  'slug',
  'description',
  'long_description',
  'problem_solved',
  'category',
  'replaces_tools',
  'app_url',
  'status_text',
  'meta_title',
  'meta_description',
] as const;

export type AppFormValues = { [K in (typeof TEXT_FIELDS)[number] | ListField]: string } & {
  featured: boolean;
  status_link_enabled: boolean;
  development_status: DevelopmentStatus;
  views: string;
  faq_items: FaqItem[];
  /** The five ROI figures as typed; all blank: the app has none of its own (the page shows the spec's). */
  roi_figures: Record<RoiFigureKey, string>;
};

const NO_ROI_FIGURES = Object.fromEntries(ROI_FIGURES.map(({ key }) => [key, ''])) as Record<RoiFigureKey, string>;

export const EMPTY_FORM: AppFormValues = {
  ...(Object.fromEntries([...TEXT_FIELDS, ...LIST_FIELDS].map((field) => [field, ''])) as Record<
    (typeof TEXT_FIELDS)[number] | ListField,
    string
  >),
  featured: false,
  status_link_enabled: false,
  development_status: 'concept',
  views: '0',
  faq_items: [],
  roi_figures: NO_ROI_FIGURES,
};

export function formValuesOf(app: AdminApp): AppFormValues {
  return {
    ...(Object.fromEntries(TEXT_FIELDS.map((field) => [field, app[field] ?? ''])) as Record<(typeof TEXT_FIELDS)[number], string>),
    ...(Object.fromEntries(LIST_FIELDS.map((field) => [field, app[field].join('\n')])) as Record<ListField, string>),
    featured: app.featured,
    status_link_enabled: app.status_link_enabled,
    development_status: app.development_status,
    views: String(app.views),
    faq_items: app.faq_items,
    roi_figures: app.roi_figures
      ? (Object.fromEntries(ROI_FIGURES.map(({ key }) => [key, String(app.roi_figures![key])])) as Record<RoiFigureKey, string>)
      : NO_ROI_FIGURES,
  };
}

/**
 * All blank: null (the spec's figures). Otherwise the figures typed, as numbers; a blank one is left out, so
 * that the server names it as missing rather than the form guessing a figure.
 */
function roiFiguresOf(typed: Record<RoiFigureKey, string>): RoiFigures | null {
  const filled = ROI_FIGURES.filter(({ key }) => typed[key].trim() !== '');
  if (filled.length === 0) return null;
  return Object.fromEntries(filled.map(({ key }) => [key, Number(typed[key].trim())])) as unknown as RoiFigures;
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
const orNull = (text: string) => text.trim() || null;

/** The fields to send: blank optional texts as null, lists one per line, FAQ pairs with both parts. */
export function fieldsOf(values: AppFormValues, creating: boolean): AppFields {
  const fields: AppFields = {
    name: values.name.trim(),
    description: values.description.trim(),
    long_description: orNull(values.long_description),
    problem_solved: orNull(values.problem_solved),
    category: values.category.trim(),
    featured: values.featured,
    replaces_tools: orNull(values.replaces_tools),
    development_status: values.development_status,
    app_url: orNull(values.app_url),
    status_text: orNull(values.status_text),
    status_link_enabled: values.status_link_enabled,
    key_features: lines(values.key_features),
    how_it_works: lines(values.how_it_works),
    spreadsheet_benefits: lines(values.spreadsheet_benefits),
    target_personas: lines(values.target_personas),
    roi_benefits: lines(values.roi_benefits),
    roi_figures: roiFiguresOf(values.roi_figures),
    keywords: lines(values.keywords),
    faq_items: values.faq_items
      .map((item) => ({ question: item.question.trim(), answer: item.answer.trim() }))
      .filter((item) => item.question || item.answer),
    meta_title: orNull(values.meta_title),
    meta_description: orNull(values.meta_description),
  };
  if (values.slug.trim()) fields.slug = values.slug.trim();
  if (creating) fields.views = Number.parseInt(values.views, 10) || 0;
  return fields;
}
