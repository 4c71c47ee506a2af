import { Body, Controller, Get, Header, HttpCode, HttpStatus, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply as Reply } from 'fastify';
import type { z } from 'zod';
import { markNeedInput, mergeNeedsInput, splitWordingInput, type DemandReport } from '../../../../contracts/analytics/demand.js';
import { Actor, type ActingUser } from '../../shared/http/acting-user.js';
import { ApiZodQuery, openApiSchema, ZodPipe } from '../../shared/http/zod.js';
import { csvStream } from '../../shared/csv/csv-stream.js';
import { dateRangeQuery, type DateRange } from '../metrics/date-range.js';
import { MarkNeed, MergeNeeds, SplitWording } from './decide-demand.commands.js';
import { GetDemand } from './get-demand.query.js';
import { demandCsvRows, DEMAND_CSV_HEADER } from './demand-csv.js';

const rangeParams = dateRangeQuery.in as unknown as z.ZodObject;

/** The Demand tab: what visitors wanted and did not find, and the admin's decisions on it (under api/admin/: admins only). */
@ApiTags('admin analytics')
@Controller('api/admin/analytics/demand')
export class DemandAdminController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Unmet needs (grouped searches and suggestions), weak quiz matches and dead ends for a range of days' })
  @ApiZodQuery(rangeParams)
  @ApiOkResponse({ description: 'DemandReport (contracts/analytics/demand.ts)' })
  report(@Query(new ZodPipe(dateRangeQuery)) range: DateRange): Promise<DemandReport> {
    return this.queries.execute(new GetDemand(range));
  }

  @Get('export.csv')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'The unmet needs of a range of days as CSV (RFC 4180, spreadsheet-safe)' })
  @ApiZodQuery(rangeParams)
  @ApiProduces('text/csv')
  async csv(@Query(new ZodPipe(dateRangeQuery)) range: DateRange, @Res({ passthrough: true }) reply: Reply) {
    const report: DemandReport = await this.queries.execute(new GetDemand(range));
    void reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="unsheet-demand-${range.from}-to-${range.to}.csv"`);
    return csvStream(DEMAND_CSV_HEADER, demandCsvRows(report));
  }

  @Post('merge')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Merge two groups (a core or wording of each)' })
  @ApiBody({ schema: openApiSchema(mergeNeedsInput, 'input') })
  @ApiNoContentResponse({ description: 'Recorded' })
  async merge(@Body() body: unknown, @Actor() actor: ActingUser): Promise<void> {
    await this.commands.execute(new MergeNeeds(body, actor));
  }

  @Post('split')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Split a wording off its group' })
  @ApiBody({ schema: openApiSchema(splitWordingInput, 'input') })
  @ApiNoContentResponse({ description: 'Recorded' })
  async split(@Body() body: unknown, @Actor() actor: ActingUser): Promise<void> {
    await this.commands.execute(new SplitWording(body, actor));
  }

  @Post('mark')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiOperation({ summary: 'Mark a group open, planned, built (with the app that serves it) or ignored' })
  @ApiBody({ schema: openApiSchema(markNeedInput, 'input') })
  @ApiNoContentResponse({ description: 'Recorded' })
  async mark(@Body() body: unknown, @Actor() actor: ActingUser): Promise<void> {
    await this.commands.execute(new MarkNeed(body, actor));
  }
}
