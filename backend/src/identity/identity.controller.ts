import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiForbiddenResponse,
  ApiOperation,
  ApiResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { parse as parseCookies } from 'cookie';
import type { FastifyReply as Response, FastifyRequest as Request } from 'fastify';
import type { Config } from '../shared/config/config.js';
import type { Db } from '../shared/db/tables.js';
import { UnauthorizedError } from '../shared/errors/domain-error.js';
import { ApiZodOk, openApiSchema } from '../shared/http/zod.js';
import { RateLimited } from '../shared/http/rate-limit.js';
import { visitorLinkBase } from '../shared/http/site-base.js';
import { CONFIG, DB } from '../shared/kernel.module.js';
import { ConfirmEmail } from './commands/confirm-email.command.js';
import { RequestPasswordReset } from './commands/request-password-reset.command.js';
import { ResetPassword } from './commands/reset-password.command.js';
import { SignIn } from './commands/sign-in.command.js';
import { SignUp } from './commands/sign-up.command.js';
import { AUTHENTICATION_REQUIRED, SignedIn, type AuthenticatedRequest } from './http/auth.guard.js';
import {
  confirmEmailRequestSchema,
  forgotPasswordRequestSchema,
  resetPasswordRequestSchema,
  signInRequestSchema,
  signUpRequestSchema,
} from '../../../contracts/identity/forms.js';
import {
  confirmedSessionSchema,
  passwordResetRequestedSchema,
  sessionSchema,
  sessionUserSchema,
  signUpResultSchema,
  type ConfirmedSession,
  type PasswordResetRequested,
  type Session,
  type SessionUser,
  type SignUpResult,
} from '../../../contracts/identity/session.js';
import {
  FORGOT_PASSWORD_PER_EMAIL,
  FORGOT_PASSWORD_PER_IP,
  RESET_PASSWORD_PER_IP,
  SIGN_IN_PER_IP,
  SIGN_UP_PER_IP,
} from './identity.rate-limits.js';
import { findSessionUser, REFRESH_TOKEN_TTL_SECONDS, SessionService, type IssuedSession } from './sessions.js';
import { SignInLockedError } from './sign-in-failures.js';
import { clientAddress } from '../shared/http/client-address.js';

/** The refresh token's cookie: unreadable by scripts, sent only to the auth endpoints, never cross-site. */
const REFRESH_COOKIE = 'unsheet_refresh';
const REFRESH_COOKIE_PATH = '/api/auth';

@ApiTags('auth')
@Controller('api/auth')
export class IdentityController {
  constructor(
    private readonly commands: CommandBus,
    private readonly sessions: SessionService,
    @Inject(DB) private readonly db: Db,
    @Inject(CONFIG) private readonly config: Config,
  ) {}

  @Post('sign-up')
  @RateLimited(SIGN_UP_PER_IP)
  @ApiOperation({
    summary: 'Create an account; a confirmation e-mail is sent and sign-in waits for it',
    description:
      'Answers the same for every address. An unconfirmed account of the address gets its registration replaced ' +
      '(new password, new link; earlier links void); a confirmed one is left as it is and its owner is told by e-mail.',
  })
  @ApiBody({ schema: openApiSchema(signUpRequestSchema, 'input') })
  @ApiResponse({ status: 201, description: 'The same answer for every address', schema: openApiSchema(signUpResultSchema) })
  @ApiBadRequestResponse({ description: "{ code, message, fields }, e.g. 'Password must be at least 6 characters long.'" })
  @ApiTooManyRequestsResponse({ description: "{ code: 'RATE_LIMITED' }" })
  signUp(@Body() body: unknown, @Req() request: Request): Promise<SignUpResult> {
    return this.commands.execute(new SignUp(body, visitorLinkBase(this.config, request)));
  }

  @Post('confirm')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Follow a confirmation link (once, within 24 hours): confirms the e-mail and signs in',
    description: "Only the latest sign-up's link counts; when more than one sign-up used the address, its password is asked for too.",
  })
  @ApiBody({ schema: openApiSchema(confirmEmailRequestSchema, 'input') })
  @ApiZodOk(confirmedSessionSchema, 'A session, where the sign-up asked to land, and the refresh cookie')
  @ApiBadRequestResponse({
    description:
      "{ code: 'AUTH.CONFIRMATION_INVALID' | 'AUTH.CONFIRMATION_USED' | 'AUTH.CONFIRMATION_PASSWORD_REQUIRED' | 'AUTH.CONFIRMATION_PASSWORD_WRONG', message, fields? }",
  })
  async confirm(@Body() body: unknown, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<ConfirmedSession> {
    const { redirectTo, ...issued } = await this.commands.execute(new ConfirmEmail(body));
    return { ...this.startSession(issued, request, response), redirectTo };
  }

  @Post('sign-in')
  @HttpCode(200)
  @RateLimited(SIGN_IN_PER_IP)
  @ApiOperation({
    summary: 'Sign in with e-mail and password',
    description: 'After 10 wrong passwords in 15 minutes a client waits (429) for that account; other clients are not affected.',
  })
  @ApiBody({ schema: openApiSchema(signInRequestSchema, 'input') })
  @ApiZodOk(sessionSchema, 'A session, and the refresh cookie')
  @ApiUnauthorizedResponse({ description: "{ code: 'AUTH.INVALID_CREDENTIALS', message: 'Invalid login credentials' }" })
  @ApiForbiddenResponse({ description: "{ code: 'AUTH.EMAIL_NOT_CONFIRMED', message: 'Email not confirmed' }" })
  @ApiTooManyRequestsResponse({ description: "{ code: 'RATE_LIMITED' }" })
  async signIn(@Body() body: unknown, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<Session> {
    try {
      return this.startSession(await this.commands.execute(new SignIn(body, clientAddress(request))), request, response);
    } catch (error) {
      if (error instanceof SignInLockedError) response.header('Retry-After', String(error.retryAfterSeconds));
      throw error;
    }
  }

  @Post('forgot-password')
  @HttpCode(202)
  @RateLimited(FORGOT_PASSWORD_PER_IP, FORGOT_PASSWORD_PER_EMAIL)
  @ApiOperation({
    summary: 'Ask for a password reset link (1 hour, once) by e-mail; the same answer whether or not the address has an account',
  })
  @ApiBody({ schema: openApiSchema(forgotPasswordRequestSchema, 'input') })
  @ApiResponse({
    status: 202,
    description: 'The same answer whether or not the address has an account',
    schema: openApiSchema(passwordResetRequestedSchema),
  })
  @ApiBadRequestResponse({ description: "{ code, message, fields }, e.g. 'Please enter a valid email address.'" })
  @ApiTooManyRequestsResponse({ description: "{ code: 'RATE_LIMITED' }" })
  forgotPassword(@Body() body: unknown, @Req() request: Request): Promise<PasswordResetRequested> {
    return this.commands.execute(new RequestPasswordReset(body, visitorLinkBase(this.config, request)));
  }

  @Post('reset-password')
  @HttpCode(200)
  @RateLimited(RESET_PASSWORD_PER_IP)
  @ApiOperation({ summary: 'Choose a new password with a reset link: every session of the account ends, and this one starts' })
  @ApiBody({ schema: openApiSchema(resetPasswordRequestSchema, 'input') })
  @ApiZodOk(sessionSchema, 'A new session, and the refresh cookie')
  @ApiBadRequestResponse({ description: "{ code: 'AUTH.RESET_LINK_INVALID' | 'VALIDATION_FAILED', message, fields? }" })
  @ApiTooManyRequestsResponse({ description: "{ code: 'RATE_LIMITED' }" })
  async resetPassword(@Body() body: unknown, @Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<Session> {
    return this.startSession(await this.commands.execute(new ResetPassword(body)), request, response);
  }

  @Post('refresh')
  @HttpCode(200)
  @ApiOperation({ summary: 'Exchange the refresh cookie for a new access token; the refresh token is rotated' })
  @ApiZodOk(sessionSchema, 'A new access token, and a new refresh cookie')
  @ApiUnauthorizedResponse({ description: "{ code: 'AUTH.SESSION_EXPIRED' }: missing, expired, revoked or reused token" })
  async refresh(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<Session> {
    try {
      return this.startSession(await this.sessions.refresh(refreshCookie(request)), request, response);
    } catch (error) {
      response.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });
      throw error;
    }
  }

  @Post('sign-out')
  @HttpCode(204)
  @ApiOperation({ summary: 'Sign out: this session can no longer be refreshed, and its access tokens are refused' })
  @ApiResponse({ status: 204, description: 'Signed out (also when there was no session)' })
  async signOut(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<void> {
    await this.sessions.end(refreshCookie(request));
    response.clearCookie(REFRESH_COOKIE, { path: REFRESH_COOKIE_PATH });
  }

  @Get('me')
  @SignedIn()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The signed-in user, with their role' })
  @ApiZodOk(sessionUserSchema)
  @ApiUnauthorizedResponse({ description: "{ code: 'AUTH.UNAUTHENTICATED' }" })
  async me(@Req() request: AuthenticatedRequest): Promise<SessionUser> {
    const user = await findSessionUser(this.db, request.user!.sub);
    if (!user) throw new UnauthorizedError('AUTH.UNAUTHENTICATED', AUTHENTICATION_REQUIRED);
    return user;
  }

  private startSession(issued: IssuedSession, request: Request, response: Response): Session {
    return startSession(issued, request, response);
  }
}

/** The session for the body, and its refresh token into the cookie (sign-in, confirmation, reset, first administrator). */
export function startSession({ session, refreshToken }: IssuedSession, request: Request, response: Response): Session {
  response.setCookie(REFRESH_COOKIE, refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: REFRESH_COOKIE_PATH,
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
  response.header('Cache-Control', 'no-store');
  return session;
}

function refreshCookie(request: Request): string | undefined {
  return parseCookies(request.headers.cookie ?? '')[REFRESH_COOKIE] || undefined;
}
