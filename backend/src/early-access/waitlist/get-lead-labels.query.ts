import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Db } from '../../shared/db/tables.js';
import { maskEmail } from '../../shared/validation/mask-email.js';
import { DB } from '../../shared/kernel.module.js';

/**
 * What other modules show of a lead they hold the id of (the audit trail's Record column): its address,
 * masked ('jo***@example.com'), so a record names the person without repeating the address. An id that names
 * no lead (a deleted one) is left out.
 */
export class GetLeadLabels extends Query<Map<string, string>> {
  constructor(readonly ids: readonly string[]) {
    super();
  }
}

@QueryHandler(GetLeadLabels)
export class GetLeadLabelsHandler implements IQueryHandler<GetLeadLabels> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ ids }: GetLeadLabels): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('leads')
      .select(['id', 'email'])
      .where('id', '=', (eb) => eb.fn.any(eb.val([...ids])))
      .execute();
    return new Map(rows.map((row) => [row.id, maskEmail(row.email)]));
  }
}
