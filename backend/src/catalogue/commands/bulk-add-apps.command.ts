import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { z } from 'zod';
import { isUniqueViolation } from '../../shared/db/errors.js';
import type { Db } from '../../shared/db/tables.js';
import { ConflictError, ValidationError } from '../../shared/errors/domain-error.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import type { EventMetadata, RecordedEvent } from '../../shared/event-store/events.js';
import { DB } from '../../shared/kernel.module.js';
import { appDecider } from '../app/app.decider.js';
import { appStream, type AppEvent } from '../app/app.events.js';
import { importedAppSchema, slugify, type AppDetails } from '../app/app.fields.js';

/** A request carries at most this many apps; the import page sends a large import in chunks. */
export const MAX_APPS_PER_IMPORT = 50;

export const bulkAddAppsInput = z.strictObject({
  apps: z
    .array(importedAppSchema)
    .min(1, 'Send at least one app')
    .max(MAX_APPS_PER_IMPORT, `At most ${MAX_APPS_PER_IMPORT} apps per request`),
});

/**
 * Bulk add (spec §7): every app of the request is added, or none (one transaction). The slug comes from
 * the name (spec); a name already in the catalogue or earlier in the request gets the next free `-2`, `-3`,
 * so importing two apps of the same name never fails. A slug given explicitly must be free (409).
 */
export class BulkAddApps extends Command<{ added: number; apps: { id: string; slug: string }[] }> {
  constructor(
    readonly input: unknown,
    readonly metadata: EventMetadata = {},
  ) {
    super();
  }
}

@CommandHandler(BulkAddApps)
export class BulkAddAppsHandler implements ICommandHandler<BulkAddApps> {
  constructor(
    private readonly events: EventStore,
    @Inject(DB) private readonly db: Db,
  ) {}

  async execute({ input, metadata }: BulkAddApps) {
    const parsed = bulkAddAppsInput.safeParse(input);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    const apps = parsed.data.apps.map(({ views, slug, is_active, ...fields }, i) => {
      const base = slugify(fields.name);
      if (!slug && !base)
        throw new ValidationError(`apps.${i}.name: Needs a letter or digit`, { [`apps.${i}.name`]: 'Needs a letter or digit' });
      return { id: randomUUID(), views, is_active, fields, slug, base };
    });
    const taken = await this.takenSlugs(apps.map((app) => app.slug ?? app.base));
    const planned = apps.map((app, i) => {
      let slug = app.slug;
      if (slug) {
        if (taken.has(slug)) {
          throw new ConflictError('CATALOGUE.SLUG_TAKEN', `An app with the address "${slug}" already exists.`);
        }
      } else {
        slug = app.base;
        for (let n = 2; taken.has(slug); n++) slug = `${app.base.slice(0, 115).replace(/-+$/, '')}-${n}`;
      }
      taken.add(slug);
      const details: AppDetails = { ...app.fields, slug };
      return { ...app, slug, events: newAppEvents(app.id, details, app.views, app.is_active), index: i };
    });

    let recorded: RecordedEvent[] = [];
    try {
      recorded = await this.db.transaction().execute(async (trx) => {
        const all: RecordedEvent[] = [];
        for (const app of planned) {
          all.push(...(await this.events.appendInTransaction(trx, appStream(app.id), app.events, 0, metadata)).events);
        }
        return all;
      });
    } catch (error) {
      // Another writer took a slug between the read above and this commit.
      if (isUniqueViolation(error, 'apps_slug_key')) {
        throw new ConflictError('CATALOGUE.SLUG_TAKEN', 'An app address was taken meanwhile. Please import again.');
      }
      throw error;
    }
    this.events.published(recorded);
    return { added: planned.length, apps: planned.map(({ id, slug }) => ({ id, slug })) };
  }

  /** The slugs in use that equal one of `bases` or extend one with a suffix. */
  private async takenSlugs(bases: string[]): Promise<Set<string>> {
    const unique = [...new Set(bases)];
    const rows = await this.db
      .selectFrom('apps')
      .select('slug')
      // Slugs hold only [a-z0-9-], so none of LIKE's wildcards can appear in the pattern.
      .where((eb) => eb.or(unique.flatMap((base) => [eb('slug', '=', base), eb('slug', 'like', `${base}-%`)])))
      .execute();
    return new Set(rows.map((row) => row.slug));
  }
}

function newAppEvents(id: string, details: AppDetails, views: number, active: boolean): AppEvent[] {
  const added = appDecider.decide({ type: 'AddApp', id, details, views }, appDecider.initialState);
  if (active) return added;
  const state = added.reduce(appDecider.evolve, appDecider.initialState);
  return [...added, ...appDecider.decide({ type: 'DeactivateApp', id }, state)];
}
