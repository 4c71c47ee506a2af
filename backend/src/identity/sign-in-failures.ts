/**
 * Wrong passwords, counted so that guessing locks out the guesser, not the owner. Failures are counted per
 * (account, client address): one client gets SIGN_IN_FAILURES_PER_CLIENT tries at an account per window,
 * then waits. An account-wide ceiling, much higher, bounds guessing spread over many addresses: past it,
 * only a client with no failures of its own is still heard, so the owner signing in from their usual
 * address with the right password gets in while the account is under attack. The account is its address
 * key, whether or not an account uses it, so the answers tell nobody which addresses have one. The client
 * address is the request's as Fastify resolved it (TRUST_PROXY decides whom to believe), kept as an HMAC.
 */
import { createHmac } from 'node:crypto';
import type { Db } from '../shared/db/tables.js';
import { RateLimitedError } from '../shared/errors/domain-error.js';
import { RATE_LIMITED_MESSAGE } from '../shared/http/rate-limit.js';
import { SIGN_IN_FAILURE_WINDOW_MS, SIGN_IN_FAILURES_PER_ACCOUNT, SIGN_IN_FAILURES_PER_CLIENT } from './identity.rate-limits.js';

/** 429 for a client locked out of an account; `retryAfterSeconds` goes into the Retry-After header. */
export class SignInLockedError extends RateLimitedError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', RATE_LIMITED_MESSAGE);
  }
}

export class SignInFailures {
  private readonly perClient: number;
  private readonly perAccount: number;

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    factor: number,
  ) {
    this.perClient = SIGN_IN_FAILURES_PER_CLIENT * factor;
    this.perAccount = SIGN_IN_FAILURES_PER_ACCOUNT * factor;
  }

  clientKey(ip: string): string {
    return createHmac('sha256', this.secret).update(`sign-in-client:${ip}`).digest('base64url');
  }

  /** Throws SignInLockedError when this client may not try this account now. One indexed read. */
  async check(emailKey: string, clientKey: string): Promise<void> {
    const since = new Date(Date.now() - SIGN_IN_FAILURE_WINDOW_MS);
    const counts = await this.db
      .selectFrom('sign_in_failures')
      .select((eb) => [
        eb.fn.countAll<number>().as('account'),
        eb.fn.countAll<number>().filterWhere('client_key', '=', clientKey).as('client'),
        eb.fn.min<Date | null>('failed_at').filterWhere('client_key', '=', clientKey).as('oldest'),
      ])
      .where('email_key', '=', emailKey)
      .where('failed_at', '>', since)
      .executeTakeFirstOrThrow();
    const client = Number(counts.client);
    const account = Number(counts.account);
    if (client >= this.perClient || (account >= this.perAccount && client > 0)) {
      // The client's window ends when its oldest failure leaves it (a conservative wait: one failure may free a try sooner).
      const oldest = counts.oldest ? new Date(counts.oldest).getTime() : Date.now();
      throw new SignInLockedError(Math.max(1, Math.ceil((oldest + SIGN_IN_FAILURE_WINDOW_MS - Date.now()) / 1000)));
    }
  }

  async record(emailKey: string, clientKey: string): Promise<void> {
    const now = Date.now();
    await this.db
      .insertInto('sign_in_failures')
      .values({ email_key: emailKey, client_key: clientKey, failed_at: new Date(now) })
      .execute();
    // Failures that left the window count for nothing: the table holds one window's worth.
    await this.db
      .deleteFrom('sign_in_failures')
      .where('failed_at', '<=', new Date(now - SIGN_IN_FAILURE_WINDOW_MS))
      .execute();
  }

  /** A client that got the password right starts afresh at that account. */
  async clear(emailKey: string, clientKey: string): Promise<void> {
    await this.db.deleteFrom('sign_in_failures').where('email_key', '=', emailKey).where('client_key', '=', clientKey).execute();
  }
}
