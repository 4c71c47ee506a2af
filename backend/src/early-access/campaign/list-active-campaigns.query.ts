import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { z } from 'zod';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';

export const viralCampaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  is_active: z.boolean(),
  started_at: z.string(),
});
export type ViralCampaign = z.infer<typeof viralCampaignSchema>;

/** The spec's "viral_campaigns: select all where is_active is true", the newest first. */
export class ListActiveCampaigns extends Query<ViralCampaign[]> {}

@QueryHandler(ListActiveCampaigns)
export class ListActiveCampaignsHandler implements IQueryHandler<ListActiveCampaigns> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute(): Promise<ViralCampaign[]> {
    const rows = await this.db
      .selectFrom('viral_campaigns')
      .select(['id', 'name', 'description', 'is_active', 'started_at'])
      .where('is_active', '=', true)
      .orderBy('started_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...row, started_at: row.started_at.toISOString() }));
  }
}
