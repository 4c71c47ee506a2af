import { Controller, Delete, Get, HttpCode, HttpStatus, Param } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiNoContentResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { leadSchema } from '../../../../contracts/early-access/lead.js';
import { Actor, type ActingUser } from '../../shared/http/acting-user.js';
import { ApiZodOk, ZodPipe } from '../../shared/http/zod.js';
import { DeleteLead } from './delete-lead.command.js';
import { ListLeads } from './list-leads.query.js';

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
  @ApiOperation({ summary: 'Every lead, newest first' })
  @ApiZodOk(leadSchema.array())
  list() {
    return this.queries.execute(new ListLeads());
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
