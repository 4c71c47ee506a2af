import { Controller, Get, HttpCode, HttpStatus, Inject, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply as Response, FastifyRequest as Request } from 'fastify';
import { z } from 'zod';
import { adminSettingsSchema, type AdminSettings } from '../../../contracts/admin/settings.js';
import { maskEmail } from '../shared/validation/mask-email.js';
import type { Config } from '../shared/config/config.js';
import { DomainError } from '../shared/errors/domain-error.js';
import { Actor, type ActingUser } from '../shared/http/acting-user.js';
import { ApiZodOk } from '../shared/http/zod.js';
import { CONFIG } from '../shared/kernel.module.js';
import { QUEUE_DASHBOARD_COOKIE, QUEUE_DASHBOARD_PATH, QUEUE_SESSION_TTL_SECONDS, QueueDashboard } from './queue-dashboard.js';

/** The notification address (masked) and whether the queue dashboard is available. */
export function adminSettings(config: Config, queues: QueueDashboard): AdminSettings {
  return { notifyEmail: maskEmail(config.ADMIN_NOTIFY_EMAIL), queueDashboard: queues.enabled };
}

class QueuesUnavailableError extends DomainError {
  override readonly status = 503;
}

/** The Settings tab's server-side facts, and the way into the queue dashboard (admin only: under api/admin/). */
@ApiTags('admin settings')
@Controller('api/admin')
export class AdminSettingsController {
  constructor(
    @Inject(CONFIG) private readonly config: Config,
    private readonly queues: QueueDashboard,
  ) {}

  @Get('settings')
  @ApiOperation({ summary: 'The notification address (masked) and whether the queue dashboard is available' })
  @ApiZodOk(adminSettingsSchema)
  settings(): AdminSettings {
    return adminSettings(this.config, this.queues);
  }

  @Post('queues/session')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: `Sets the short-lived cookie that opens the queue dashboard at ${QUEUE_DASHBOARD_PATH}` })
  @ApiZodOk(z.object({ url: z.string() }))
  @ApiServiceUnavailableResponse({ description: "{ code: 'ADMIN.QUEUES_UNAVAILABLE' } without Redis" })
  queueSession(@Actor() actor: ActingUser, @Req() request: Request, @Res({ passthrough: true }) response: Response) {
    if (!this.queues.enabled) {
      throw new QueuesUnavailableError('ADMIN.QUEUES_UNAVAILABLE', 'The queue dashboard needs Redis (REDIS_URL).');
    }
    response.setCookie(QUEUE_DASHBOARD_COOKIE, this.queues.sessionToken(actor.userId), {
      httpOnly: true,
      sameSite: 'strict',
      secure: request.protocol === 'https',
      path: QUEUE_DASHBOARD_PATH,
      maxAge: QUEUE_SESSION_TTL_SECONDS,
    });
    response.header('Cache-Control', 'no-store');
    return { url: `${QUEUE_DASHBOARD_PATH}/` };
  }
}
