import { Controller, Get, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ApiZodOk, ApiZodQuery, ZodPipe } from '../../shared/http/zod.js';
import { auditTrailQuery, auditTrailSchema, type AuditTrailFilter } from '../../../../contracts/identity/audit.js';
import { GetAuditTrail } from './get-audit-trail.query.js';

/** The audit trail (under api/admin/: administrators only, by the global guard). */
@ApiTags('admin audit')
@Controller('api/admin/audit')
export class AuditController {
  constructor(private readonly queries: QueryBus) {}

  @Get()
  @ApiOperation({ summary: 'Who changed what and when: the events admins caused, newest first, a page at a time' })
  @ApiZodQuery(auditTrailQuery)
  @ApiZodOk(auditTrailSchema)
  trail(@Query(new ZodPipe(auditTrailQuery)) filter: AuditTrailFilter) {
    return this.queries.execute(new GetAuditTrail(filter));
  }
}
