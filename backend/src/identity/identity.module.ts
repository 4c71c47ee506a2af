import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { AuditController } from './audit/audit.controller.js';
import { GetAuditTrailHandler } from './audit/get-audit-trail.query.js';
import { CreateFirstAdminHandler } from './commands/create-first-admin.command.js';
import { ConfirmEmailHandler } from './commands/confirm-email.command.js';
import { RequestPasswordResetHandler } from './commands/request-password-reset.command.js';
import { ResetPasswordHandler } from './commands/reset-password.command.js';
import { SignInHandler } from './commands/sign-in.command.js';
import { SignUpHandler } from './commands/sign-up.command.js';
import { AuthGuard } from './http/auth.guard.js';
import { IsAdminHandler } from './queries/is-admin.query.js';
import { FirstAdminController } from './first-admin.controller.js';
import { IdentityController } from './identity.controller.js';
import { SessionService } from './sessions.js';

/** Accounts, sessions and roles; its guard protects every `/api/admin/` route of the application. */
@Module({
  imports: [CqrsModule],
  controllers: [IdentityController, FirstAdminController, AuditController],
  providers: [
    SessionService,
    SignUpHandler,
    ConfirmEmailHandler,
    SignInHandler,
    RequestPasswordResetHandler,
    ResetPasswordHandler,
    CreateFirstAdminHandler,
    GetAuditTrailHandler,
    IsAdminHandler,
    AuthGuard,
    { provide: APP_GUARD, useExisting: AuthGuard },
  ],
})
export class IdentityModule {}
