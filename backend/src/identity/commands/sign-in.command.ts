import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EMAIL_NOT_CONFIRMED, INVALID_CREDENTIALS } from '../../../../contracts/identity/messages.js';
import type { Config } from '../../shared/config/config.js';
import type { Db } from '../../shared/db/tables.js';
import { ForbiddenError, UnauthorizedError, ValidationError } from '../../shared/errors/domain-error.js';
import { EventStore } from '../../shared/event-store/event-store.js';
import { CONFIG, DB } from '../../shared/kernel.module.js';
import { appSecret } from '../../shared/security/signed-token.js';
import { emailKey } from '../../shared/validation/email.js';
import { signInRequestSchema } from '../../../../contracts/identity/forms.js';
import { verifyPassword } from '../passwords.js';
import { findSessionUser, SessionService, type IssuedSession } from '../sessions.js';
import { SignInFailures } from '../sign-in-failures.js';
import { SIGN_IN_AUDIT_STREAM, type SignInFailed, type UserSignedIn } from '../user.events.js';

/** A sign-in from the client at `clientAddress` (the request's ip, as Fastify resolved it). */
export class SignIn extends Command<IssuedSession> {
  constructor(
    readonly input: unknown,
    readonly clientAddress: string,
  ) {
    super();
  }
}

@CommandHandler(SignIn)
export class SignInHandler implements ICommandHandler<SignIn> {
  private readonly failures: SignInFailures;

  constructor(
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) config: Config,
    private readonly events: EventStore,
    private readonly sessions: SessionService,
  ) {
    this.failures = new SignInFailures(db, appSecret(config), config.RATE_LIMIT_FACTOR);
  }

  async execute({ input, clientAddress }: SignIn): Promise<IssuedSession> {
    const parsed = signInRequestSchema.safeParse(input);
    if (!parsed.success) throw ValidationError.fromZod(parsed.error);
    const { email, password } = parsed.data;
    const key = emailKey(email);
    const client = this.failures.clientKey(clientAddress);
    // Before the password is looked at: a locked-out client learns nothing more, right or wrong.
    await this.failures.check(key, client);
    const user = await this.db
      .selectFrom('users')
      .select(['id', 'password_hash', 'email_confirmed_at'])
      .where('email_key', '=', key)
      .executeTakeFirst();

    if (!(await verifyPassword(user?.password_hash, password))) {
      await this.failures.record(key, client);
      await this.audit({ type: 'SignInFailed', data: { userId: user?.id ?? null, emailKey: key, reason: 'invalid-credentials' } });
      throw new UnauthorizedError('AUTH.INVALID_CREDENTIALS', INVALID_CREDENTIALS);
    }
    await this.failures.clear(key, client);
    // Only someone who knows the password learns that the address is unconfirmed.
    if (!user!.email_confirmed_at) {
      await this.audit({ type: 'SignInFailed', data: { userId: user!.id, emailKey: key, reason: 'email-not-confirmed' } });
      throw new ForbiddenError('AUTH.EMAIL_NOT_CONFIRMED', EMAIL_NOT_CONFIRMED);
    }
    const issued = await this.sessions.start((await findSessionUser(this.db, user!.id))!);
    await this.audit({ type: 'UserSignedIn', data: { userId: user!.id } });
    return issued;
  }

  private async audit(event: UserSignedIn | SignInFailed): Promise<void> {
    await this.events.appendUnversioned([{ ...event, streamId: SIGN_IN_AUDIT_STREAM }]);
  }
}
