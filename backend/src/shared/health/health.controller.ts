import { Controller, Get, HttpStatus, Inject, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
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

  @Get('ready')
  @ApiOperation({ summary: 'The process can serve: database reachable, and Redis when configured (503 otherwise)' })
  async ready(@Res({ passthrough: true }) response: Response) {
    const checks = await this.kernel.readiness();
    const ok = Object.values(checks).every((state) => state === 'up');
    response.status(ok ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE);
    return { status: ok ? 'ok' : 'degraded', checks };
  }
}
