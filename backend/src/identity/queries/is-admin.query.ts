import { Inject, Logger } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Db } from '../../shared/db/tables.js';
import { DB } from '../../shared/kernel.module.js';

/**
 * The spec's rule: an account is an administrator when its profile's role is 'admin'. Read on every admin
 * request (the API's admin routes, the queue dashboard), so a change applies at once; false when the look-up
 * fails, so that a database error never opens the console.
 */
export class IsAdmin extends Query<boolean> {
  constructor(readonly userId: string) {
    super();
  }
}

@QueryHandler(IsAdmin)
export class IsAdminHandler implements IQueryHandler<IsAdmin> {
  private readonly logger = new Logger('auth');

  constructor(@Inject(DB) private readonly db: Db) {}

  async execute({ userId }: IsAdmin): Promise<boolean> {
    try {
      const profile = await this.db.selectFrom('profiles').select('role').where('user_id', '=', userId).executeTakeFirst();
      return profile?.role === 'admin';
    } catch (error) {
      this.logger.error(error, 'role look-up failed');
      return false;
    }
  }
}
