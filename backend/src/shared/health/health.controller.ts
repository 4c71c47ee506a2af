import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply as Response } from 'fastify';
import type { Kernel } from '../kernel.js';
import { KERNEL } from '../kernel.module.js';

@ApiTags('health')
@Controller('api/health')
export class HealthController {
  constructor(@Inject(KERNEL) private readonly kernel: Kernel) {}

  @Get('live')
  @ApiOperation({ summary: 'The process is up' })
  live() {
    return { status: 'ok' };
  }

  /**
   * Without the database nothing can be served: 503, so a load balancer sends traffic elsewhere. Without
   * Redis the API still appends every command (projectors poll the log, e-mails wait in the outbox): 200
   * with status 'degraded', so an outage of Redis does not take every API replica out of rotation.
   */
  @Get('ready')
  @ApiOperation({
    summary: "Database and Redis checks: 503 without the database; 200 'degraded' without Redis (commands still accepted)",
  })
  async ready(@Res({ passthrough: true }) response: Response) {
    const checks = await this.kernel.readiness();
    const ok = Object.values(checks).every((state) => state === 'up');
    response.status(checks.database === 'up' ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: ok ? 'ok' : 'degraded', checks };
  }
}
