import { Controller, Delete, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiConflictResponse, ApiNoContentResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { leadSchema } from '../../../../contracts/early-access/lead.js';
import { Actor, type ActingUser } from '../../shared/http/acting-user.js';
import { ApiZodOk, ZodPipe } from '../../shared/http/zod.js';
import { DeleteLead } from './delete-lead.command.js';
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
  @ApiOperation({ summary: 'Every lead with its standing (confirmation, flags, referral), newest first' })
  @ApiZodOk(leadSchema.array())
  list() {
    return this.queries.execute(new ListLeads());
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
