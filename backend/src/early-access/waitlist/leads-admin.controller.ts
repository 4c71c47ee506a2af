import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { leadListQuery, leadPageSchema, type LeadListQuery } from '../../../../contracts/early-access/lead.js';
import { leadExportFileName, leadExportQuery, type LeadExportFilter } from '../../../../contracts/early-access/lead-export.js';
import { Actor, type ActingUser } from '../../shared/http/acting-user.js';
import { ApiZodOk, ApiZodQuery, ZodPipe } from '../../shared/http/zod.js';
import { DeleteLead } from './delete-lead.command.js';
import { ExportLeads } from './export-leads.query.js';
import { ListLeads } from './list-leads.query.js';
import { VoidReferral } from './void-referral.command.js';

const idParam = z.uuid({ error: 'Not a lead id' });

/** The admin's Leads tab (admin only: under api/admin/). */
@ApiTags('admin leads')
@Controller('api/admin/leads')
export class LeadsAdminController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Get()
  @ApiOperation({
    summary:
      'A page of leads with their standing (confirmation, flags, referral), newest first by default; the totals, each source page with its count, the spots taken',
  })
  @ApiZodQuery(leadListQuery)
  @ApiZodOk(leadPageSchema)
  list(@Query(new ZodPipe(leadListQuery)) query: LeadListQuery) {
    return this.queries.execute(new ListLeads(query));
  }

  // Fastify sends the stream as the client reads it, and cuts the connection if it fails midway: a short
  // export fails in the browser instead of looking whole.
  @Get('export.csv')
  @ApiOperation({ summary: 'The leads as CSV (Email, Source Page, Date), newest first, streamed' })
  @ApiZodQuery(leadExportQuery)
  @ApiOkResponse({ description: 'text/csv; charset=utf-8, as an attachment named unsheet-leads-YYYY-MM-DD.csv' })
  async export(@Query(new ZodPipe(leadExportQuery)) filter: LeadExportFilter, @Res() reply: FastifyReply): Promise<void> {
    const csv = await this.queries.execute(new ExportLeads(filter));
    void reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${leadExportFileName(new Date())}"`)
      .header('Cache-Control', 'no-store')
      .send(csv);
  }

  @Post(':id/referral/void')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Void the referral a lead joined through: it no longer counts for the referrer, or never will' })
  @ApiNoContentResponse({ description: 'Voided (voiding twice changes nothing)' })
  @ApiNotFoundResponse({ description: "{ code: 'LEAD.NOT_FOUND', message: 'Lead not found' }" })
  @ApiConflictResponse({ description: "{ code: 'REFERRAL.NONE', message: 'This lead did not join through a referral.' }" })
  async voidReferral(@Param('id', new ZodPipe(idParam, 'id')) id: string, @Actor() actor: ActingUser): Promise<void> {
    await this.commands.execute(new VoidReferral(id, actor));
  }

  @Delete(':id')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Delete a lead' })
  @ApiNoContentResponse({ description: 'Deleted' })
  @ApiNotFoundResponse({ description: "{ code: 'LEAD.NOT_FOUND', message: 'Lead not found' }" })
  async delete(@Param('id', new ZodPipe(idParam, 'id')) id: string, @Actor() actor: ActingUser): Promise<void> {
    await this.commands.execute(new DeleteLead(id, actor));
  }
}
