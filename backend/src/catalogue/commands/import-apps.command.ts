import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { z } from 'zod';
import { ROI_FIGURES } from '../../../../contracts/catalogue/fields.js';
import { importRequestSchema, type ImportAnswer, type ImportRowResult } from '../../../../contracts/catalogue/import.js';
import { isUniqueViolation } from '../../shared/db/errors.js';
import type { Db } from '../../shared/db/tables.js';
import { DomainError, ValidationError } from '../../shared/errors/domain-error.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import type { EventMetadata } from '../../shared/event-store/events.js';
import { DB } from '../../shared/kernel.module.js';
import { appDecider } from '../app/app.decider.js';
import { appStream, type AppEvent } from '../app/app.events.js';
import { importedAppSchema, slugify, type AppDetails } from '../app/app.fields.js';
import { changeApp } from './update-app.command.js';

/**
 * The admin's import (spec §7 "bulk add apps"), row by row: each row is checked on its own, so a bad row is
 * reported for its row and the others go in. A row is skipped when a field is not valid, or when an earlier
 * row of the request has the same address (slug); a row whose address an app already has is skipped or
 * updates that app, as the row asks (never a silent `-2` address). A dry run answers the same plan without
 * writing: the preview. An update changes the app's content fields the row names and keeps its address,
 * views, featured flag and active state.
 */
export class ImportApps extends Command<ImportAnswer> {
  constructor(
    readonly input: unknown,
    readonly metadata: EventMetadata = {},
  ) {
    super();
  }
}

/** The route's path: bootstrap.ts gives it a 2 MB body limit (a dry run carries a whole file). */
export const APPS_IMPORT_PATH = '/api/admin/apps/import';

type Reason = ImportRowResult['reasons'][number];
type Planned = ImportRowResult & { details?: AppDetails; views?: number; active?: boolean; changes?: Partial<AppDetails> };

/** Kept when an existing app is updated: its standing, not its content. */
const NOT_UPDATED = new Set(['slug', 'views', 'featured', 'is_active']);

@CommandHandler(ImportApps)
export class ImportAppsHandler implements ICommandHandler<ImportApps> {
  constructor(
    private readonly events: EventStore,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ input, metadata }: ImportApps): Promise<ImportAnswer> {
    const parsed = importRequestSchema.safeParse(input);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    const { dryRun, rows } = parsed.data;

    const checked = rows.map(({ row, app, ifExists }) => ({ row, ifExists, raw: app, ...checkApp(app) }));
    const existing = await this.existingApps(checked.flatMap((row) => (row.slug ? [row.slug] : [])));
    const claimedBy = new Map<string, number>();
    const planned: Planned[] = checked.map(({ row, ifExists, raw, slug, app, reasons }): Planned => {
      if (!app || !slug) return { row, action: 'skip', slug, id: null, reasons };
      const earlier = claimedBy.get(slug);
      if (earlier !== undefined) {
        return {
          row,
          action: 'skip',
          slug,
          id: null,
          reasons: [{ code: 'DUPLICATE_IN_FILE', message: `Same address "${slug}" as row ${earlier}.` }],
        };
      }
      claimedBy.set(slug, row);
      const { views, is_active, slug: _slug, ...fields } = app;
      const id = existing.get(slug);
      if (id === undefined)
        return { row, action: 'add', slug, id: null, reasons: [], details: { ...fields, slug }, views, active: is_active };
      const taken: Reason = { code: 'SLUG_TAKEN', message: `An app with the address "${slug}" already exists.` };
      if (ifExists === 'skip') return { row, action: 'skip', slug, id: null, reasons: [taken] };
      const changes = Object.fromEntries(
        Object.entries(fields).filter(([key]) => key in raw && !NOT_UPDATED.has(key)),
      ) as Partial<AppDetails>;
      return { row, action: 'update', slug, id, reasons: [taken], changes };
    });

    const results = dryRun ? planned : await this.write(planned, metadata);
    const rowsOut = results.map(({ row, action, slug, id, reasons }) => ({ row, action, slug, id, reasons }));
    const count = (action: ImportRowResult['action']) => rowsOut.filter((row) => row.action === action).length;
    return { dryRun, added: count('add'), updated: count('update'), skipped: count('skip'), rows: rowsOut };
  }

  /** Each app in its own append, so that one refused at the last moment (its address taken meanwhile) is that row's alone. */
  private async write(planned: Planned[], metadata: EventMetadata): Promise<ImportRowResult[]> {
    const results: ImportRowResult[] = [];
    for (const plan of planned) {
      const { details, views, active, changes, ...result } = plan;
      try {
        if (result.action === 'add' && details) {
          const id = randomUUID();
          await this.events.append(appStream(id), newAppEvents(id, details, views ?? 0, active ?? true), 0, metadata);
          results.push({ ...result, id });
        } else if (result.action === 'update' && result.id && changes) {
          await changeApp(this.events, result.id, changes, metadata);
          results.push(result);
        } else {
          results.push(result);
        }
      } catch (error) {
        if (isUniqueViolation(error, 'apps_slug_key')) {
          const message = `An app with the address "${result.slug}" already exists.`;
          results.push({ ...result, action: 'skip', id: null, reasons: [{ code: 'SLUG_TAKEN', message }] });
        } else if (error instanceof DomainError) {
          results.push({ ...result, action: 'skip', id: null, reasons: [{ code: 'INVALID', message: error.message }] });
        } else {
          throw error;
        }
      }
    }
    return results;
  }

  private async existingApps(slugs: string[]): Promise<Map<string, string>> {
    if (slugs.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('apps')
      .select(['id', 'slug'])
      .where('slug', 'in', [...new Set(slugs)])
      .execute();
    return new Map(rows.map((row) => [row.slug, row.id]));
  }
}

/** A row's app validated, with its address, or the reasons it is not valid (one per field, in the admin's words). */
function checkApp(input: Record<string, unknown>): {
  app?: z.output<typeof importedAppSchema>;
  slug: string | null;
  reasons: Reason[];
} {
  const result = importedAppSchema.safeParse(input);
  if (!result.success) {
    const reasons = new Map<string, Reason>();
    for (const issue of result.error.issues) {
      const field = issue.path.map(String).join('.') || '(app)';
      if (!reasons.has(field)) reasons.set(field, { code: 'INVALID', field, message: fieldMessage(field, issue) });
    }
    const name = typeof input.name === 'string' ? slugify(input.name) || null : null;
    return { slug: name, reasons: [...reasons.values()] };
  }
  const slug = result.data.slug || slugify(result.data.name);
  if (!slug) return { slug: null, reasons: [{ code: 'INVALID', field: 'name', message: 'The name needs at least one letter or digit.' }] };
  return { app: result.data, slug, reasons: [] };
}

/** 'The name is too long (at most 120 characters).': the field as the admin knows it, and what to change. */
export function fieldMessage(field: string, issue: z.core.$ZodIssue): string {
  const label = fieldLabel(field);
  if (issue.code === 'too_big' && issue.origin === 'string') return `${label} is too long (at most ${String(issue.maximum)} characters).`;
  if (issue.code === 'too_big' && issue.origin !== 'number') return `${label} has too many items (at most ${String(issue.maximum)}).`;
  if (issue.code === 'too_small' && issue.origin === 'string') return `${label} is missing.`;
  if (issue.code === 'invalid_type' && issue.input === undefined) return `${label} is missing.`;
  if (issue.code === 'unrecognized_keys') return `Unknown fields: ${issue.keys.join(', ')}.`;
  return `${label} is not valid: ${issue.message.replace(/\.$/, '')}.`;
}

/** 'The name', 'The faq items'; an ROI figure by its label in the admin's form ('The ROI figure "Faster (%)"'). */
function fieldLabel(field: string): string {
  const [top, sub] = field.split('.');
  const figure = top === 'roi_figures' ? ROI_FIGURES.find(({ key }) => key === sub) : undefined;
  if (figure) return `The ROI figure "${figure.label}"`;
  return `The ${top!.replace(/_/g, ' ')}`;
}

function newAppEvents(id: string, details: AppDetails, views: number, active: boolean): AppEvent[] {
  const added = appDecider.decide({ type: 'AddApp', id, details, views }, appDecider.initialState);
  if (active) return added;
  const state = added.reduce(appDecider.evolve, appDecider.initialState);
  return [...added, ...appDecider.decide({ type: 'DeactivateApp', id }, state)];
}
