/**
 * The catalogue read model, inline: an app added or changed by a command can be read back at once.
 * Derived columns (category_slug, keyword_bof) are computed here, from the merged state of the row. The
 * category is stored in its canonical spelling (canonicalCategory): events recorded before the commands
 * canonicalised it keep what was sent, and a rebuild gives the same names as the commands do now.
 */
import type { Insertable, Selectable } from 'kysely';
import type { Trx } from '../../shared/db/tables.js';
import type { RecordedEvent } from '../../shared/event-store/events.js';
import type { Projection } from '../../shared/projections/projection.js';
import { APP_EVENT_TYPES, type AppEvent } from '../app/app.events.js';
import { canonicalCategory } from '../../../../contracts/catalogue/fields.js';
import { keywordBof, slugify, type AppDetails } from '../app/app.fields.js';
import type { AppsTable } from '../catalogue.tables.js';

const JSON_COLUMNS = [
  'key_features',
  'how_it_works',
  'spreadsheet_benefits',
  'target_personas',
  'roi_benefits',
  'faq_items',
  'keywords',
] as const;

export const appsProjection: Projection<AppEvent> = {
  name: 'apps',
  mode: 'inline',
  handles: APP_EVENT_TYPES,
  tables: ['apps'],
  async handle(trx, events) {
    for (const event of events) await apply(trx, event);
  },
};

async function apply(trx: Trx, event: RecordedEvent<AppEvent>): Promise<void> {
  switch (event.type) {
    case 'AppAdded': {
      const { id, views, ...details } = event.data;
      await trx
        .insertInto('apps')
        .values({ id, base_views: views, is_active: true, created_at: event.createdAt, ...columns(details, event.createdAt) })
        .execute();
      return;
    }
    case 'AppUpdated': {
      const current = await trx.selectFrom('apps').selectAll().where('id', '=', event.data.id).executeTakeFirst();
      if (!current) return;
      const merged: AppDetails = { ...detailsOf(current), ...event.data.changes };
      await trx.updateTable('apps').set(columns(merged, event.createdAt)).where('id', '=', event.data.id).execute();
      return;
    }
    case 'AppDeactivated':
    case 'AppReactivated':
      await trx
        .updateTable('apps')
        .set({ is_active: event.type === 'AppReactivated', updated_at: event.createdAt })
        .where('id', '=', event.data.id)
        .execute();
      return;
  }
}

type DetailColumns = Omit<Insertable<AppsTable>, 'id' | 'base_views' | 'is_active' | 'created_at'>;

function columns(details: AppDetails, at: Date): DetailColumns {
  const json = Object.fromEntries(JSON_COLUMNS.map((c) => [c, JSON.stringify(details[c])])) as Pick<
    DetailColumns,
    (typeof JSON_COLUMNS)[number]
  >;
  const category = canonicalCategory(details.category);
  return {
    ...details,
    category,
    ...json,
    // Events from before the field existed have none.
    roi_figures: details.roi_figures ? JSON.stringify(details.roi_figures) : null,
    category_slug: slugify(category),
    keyword_bof: keywordBof(details),
    updated_at: at,
  };
}

function detailsOf(row: Selectable<AppsTable>): AppDetails {
  const {
    id: _id,
    base_views: _baseViews,
    is_active: _active,
    category_slug: _categorySlug,
    keyword_bof: _keywordBof,
    created_at: _created,
    updated_at: _updated,
    ...details
  } = row;
  return details as unknown as AppDetails;
}
