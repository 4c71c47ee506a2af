import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Lead } from '../../../../contracts/early-access/lead.js';
import type { Config } from '../../shared/config/config.js';
import type { Db } from '../../shared/db/tables.js';
import { CONFIG, DB } from '../../shared/kernel.module.js';
import { leadStandings, toLead } from './lead-standing.js';

/** Every lead with its standing, newest first (spec §7), for the admin's Leads tab and its export. */
export class ListLeads extends Query<Lead[]> {}

@QueryHandler(ListLeads)
export class ListLeadsHandler implements IQueryHandler<ListLeads> {
  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  async execute(): Promise<Lead[]> {
    return (await leadStandings(this.db, this.config.LEAD_CONFIRMATION_DAYS)).map(toLead);
  }
}
