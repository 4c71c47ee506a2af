import { countOf } from '../../lib/utils';
/**
 * What the catalogue pages show for an app, as pure functions of its fields: development stages, the status
 * badge, the call-to-action box, 'Ready to Try Now' membership, tool counts and the app page's ROI figures.
 * Kept out of the components so every rule is unit-tested (display-rules.spec.ts) and the pages stay dumb.
 */
import type { App } from '../../../../contracts/catalogue/app';
import {
  DEFAULT_ROI_FIGURES,
  ROI_FIGURES,
  roiFigureText,
  TRYABLE_STATUSES,
  type DevelopmentStatus,
} from '../../../../contracts/catalogue/fields';

export const DEVELOPMENT_STAGES: readonly { status: DevelopmentStatus; label: string }[] = [
  { status: 'concept', label: 'Concept' },
  { status: 'prototype', label: 'Prototype' },
  { status: 'beta', label: 'Beta Testing' },
  { status: 'launched', label: 'Public Launch' },
];

/** Shorter than the tracker's labels because they sit in a badge; a concept has nothing to try, so no label. */
const BADGE_LABELS: Partial<Record<DevelopmentStatus, string>> = {
  prototype: 'Prototype',
  beta: 'Beta',
  launched: 'Live',
};

const TRYABLE: ReadonlySet<DevelopmentStatus> = new Set(TRYABLE_STATUSES);

type StatusFields = Partial<Pick<App, 'development_status' | 'app_url' | 'status_text' | 'status_link_enabled'>>;

/** Rows written before the field existed (or by hand) may lack it; the spec makes those concepts. */
export function developmentStatusOf(app: Pick<StatusFields, 'development_status'>): DevelopmentStatus {
  const status = app.development_status;
  return status && DEVELOPMENT_STAGES.some((stage) => stage.status === status) ? status : 'concept';
}

type TrackerStage = {
  status: DevelopmentStatus;
  label: string;
  /** Highlighted: this stage or an earlier one is where the app is now. */
  reached: boolean;
  current: boolean;
};

export function trackerStages(app: Pick<StatusFields, 'development_status'>): TrackerStage[] {
  const currentIndex = DEVELOPMENT_STAGES.findIndex((stage) => stage.status === developmentStatusOf(app));
  return DEVELOPMENT_STAGES.map((stage, index) => ({
    ...stage,
    reached: index <= currentIndex,
    current: index === currentIndex,
  }));
}

/** 'Prototype', 'Beta' or 'Live'; null for a concept. */
export function badgeLabel(app: Pick<StatusFields, 'development_status'>): string | null {
  return BADGE_LABELS[developmentStatusOf(app)] ?? null;
}

export type StatusBadge = {
  /** The stage's badge label, or null for a concept. */
  label: string | null;
  /** The admin's own words (status_text). */
  text: string;
  /** Where a click goes (app_url, in a new tab); null when the badge is not clickable. */
  href: string | null;
};

/**
 * The app page's status badge. It shows the stage label first and the admin's status_text after it
 * ('Beta · Beta open'): status_text is what the admin switches the badge on with, so it is never hidden,
 * and the label keeps the stage readable even when the text is free-form ('Try the prototype', 'Coming
 * soon'). A concept has no badge label, so its badge is the text alone. Hidden unless status_link_enabled
 * is true and status_text is set; a link only when there is an app_url.
 */
export function statusBadge(app: StatusFields): StatusBadge | null {
  const text = app.status_text?.trim();
  if (app.status_link_enabled !== true || !text) return null;
  return { label: badgeLabel(app), text, href: app.app_url || null };
}

/** The 'Try it now' box on the app page: something to open exists. */
export function showsCallToAction(app: StatusFields): boolean {
  return TRYABLE.has(developmentStatusOf(app)) && Boolean(app.app_url);
}

/** Home's 'Ready to Try Now' section: tryable, and the admin has switched its link on. */
export function isReadyToTry(app: StatusFields): boolean {
  return showsCallToAction(app) && app.status_link_enabled === true;
}

export function toolCount(count: number): string {
  return countOf(count, 'tool', 'tools');
}

export function viewCount(views: number): string {
  return countOf(views, 'view', 'views');
}

/**
 * The app page's 'ROI & Business Impact' figures: the app's own, or the spec's (§9) for an app that has
 * none. `own` says which, so the page can tell a visitor that the figures are typical rather than the app's.
 */
export function roiFigures(app: Pick<App, 'roi_figures'>): { own: boolean; figures: { value: string; caption: string }[] } {
  const figures = app.roi_figures ?? DEFAULT_ROI_FIGURES;
  return {
    own: Boolean(app.roi_figures),
    figures: ROI_FIGURES.map(({ key, unit, caption }) => ({ value: roiFigureText(unit, figures[key]), caption })),
  };
}

export const MIN_IMPROVEMENT = 10;
export const MAX_IMPROVEMENT = 29;

/**
 * The improvement shown beside a spreadsheet benefit. The original drew a random 10–29 % on every render, so
 * the figure changed as you looked at it. A percentage the benefit itself states ('Cuts errors by 40%') is
 * used as is, so the badge never contradicts the text; otherwise a hash of the app id and the benefit's
 * position picks a stable figure in 10–29 %.
 */
export function benefitImprovement(appId: string, index: number, benefit = ''): number {
  const stated = /(\d{1,3})\s*%/.exec(benefit);
  if (stated) {
    const percent = Number(stated[1]);
    if (percent > 0 && percent <= 100) return percent;
  }
  return MIN_IMPROVEMENT + (hash32(`${appId}:${index}`) % (MAX_IMPROVEMENT - MIN_IMPROVEMENT + 1));
}

/**
 * 32-bit FNV-1a, then MurmurHash3's finaliser. FNV alone maps inputs that differ only in the last character
 * ('…:0', '…:1') to neighbouring values modulo 20, so an app's benefits read +15 %, +16 %, +17 %…
 */
function hash32(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/**
 * The 'Seamless Integrations' chips. There is no integrations field, so they come from replaces_tools
 * ('Excel receivables sheet, email reminders'): each tool the app takes over from, capitalised, then the
 * one integration every app has, CSV and Excel import/export. Phrases like 'Imports from shoebox of paper
 * receipts' would read as nonsense, so the tools are listed under a 'Takes over from' heading instead.
 */
export function replacedTools(replaces: string | null | undefined): string[] {
  if (!replaces) return [];
  const seen = new Set<string>();
  const tools: string[] = [];
  for (const part of replaces.split(',')) {
    const tool = part.trim();
    if (!tool || seen.has(tool.toLowerCase())) continue;
    seen.add(tool.toLowerCase());
    tools.push(tool.charAt(0).toUpperCase() + tool.slice(1));
  }
  return tools;
}

export const UNIVERSAL_INTEGRATION = 'CSV and Excel import/export';
