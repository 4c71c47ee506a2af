import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Db } from '../../shared/db/tables.js';
import { NotFoundError } from '../../shared/errors/domain-error.js';
import { DB } from '../../shared/kernel.module.js';

/** A referral code and the number of friends who joined through it. */
export class GetReferral extends Query<{ code: string; invites: number }> {
  constructor(readonly code: string) {
    super();
  }
}

@QueryHandler(GetReferral)
export class GetReferralHandler implements IQueryHandler<GetReferral> {
  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ code }: GetReferral) {
    const normalised = code.trim().toUpperCase();
    const owner = await this.db.selectFrom('leads').select('id').where('referral_code', '=', normalised).executeTakeFirst();
    if (!owner) throw new NotFoundError('REFERRAL.NOT_FOUND', 'Referral code not found');
    const row = await this.db
      .selectFrom('leads')
      .select((eb) => eb.fn.countAll<number>().as('invites'))
      .where('referred_by', '=', normalised)
      .executeTakeFirstOrThrow();
    return { code: normalised, invites: row.invites };
  }
}
