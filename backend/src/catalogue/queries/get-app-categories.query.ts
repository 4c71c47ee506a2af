import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';

/** The category of each of these apps, active or not, by id; an id that names no app is left out. */
export class GetAppCategories extends Query<Map<string, string>> {
  constructor(readonly ids: readonly string[]) {
    super();
  }
}

@QueryHandler(GetAppCategories)
export class GetAppCategoriesHandler implements IQueryHandler<GetAppCategories> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ ids }: GetAppCategories): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('apps')
      .select(['id', 'category'])
      .where('id', '=', (eb) => eb.fn.any(eb.val([...ids])))
      .execute();
    return new Map(rows.map((row) => [row.id, row.category]));
  }
}
