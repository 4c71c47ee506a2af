import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';

/** What other modules show of an app they hold the id of: its name and its category. */
export interface AppLabel {
  name: string;
  category: string;
}

/** The name and category of each of these apps, active or not, by id; an id that names no app is left out. */
export class GetAppLabels extends Query<Map<string, AppLabel>> {
  constructor(readonly ids: readonly string[]) {
    super();
  }
}

@QueryHandler(GetAppLabels)
export class GetAppLabelsHandler implements IQueryHandler<GetAppLabels> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ ids }: GetAppLabels): Promise<Map<string, AppLabel>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('apps')
      .select(['id', 'name', 'category'])
      .where('id', '=', (eb) => eb.fn.any(eb.val([...ids])))
      .execute();
    return new Map(rows.map((row) => [row.id, { name: row.name, category: row.category }]));
  }
}
