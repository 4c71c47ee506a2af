import { Body, Controller, Get, HttpCode, HttpStatus, Param, Patch, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { adminAppListQuery, adminAppPageSchema, appSchema, type AdminAppListQuery } from '../../../contracts/catalogue/app.js';
import { importAnswerSchema, importRequestSchema } from '../../../contracts/catalogue/import.js';
import { Actor, actedBy, type ActingUser } from '../shared/http/acting-user.js';
import { ApiZodOk, ApiZodQuery, openApiSchema, ZodPipe } from '../shared/http/zod.js';
import { appFieldsSchema, appLinksSchema } from './app/app.fields.js';
import { AddApp } from './commands/add-app.command.js';
import { DeactivateApp } from './commands/deactivate-app.command.js';
import { ImportApps } from './commands/import-apps.command.js';
import { ReactivateApp } from './commands/reactivate-app.command.js';
import { UpdateAppLinks } from './commands/update-app-links.command.js';
import { UpdateApp } from './commands/update-app.command.js';
import { GetAppById } from './queries/get-app-by-id.query.js';
import { ListAdminApps } from './queries/list-admin-apps.query.js';

const idParam = z.uuid({ error: 'Not an app id' });
const NOT_FOUND = "{ code: 'CATALOGUE.APP_NOT_FOUND', message: 'App Not Found' }";
const SLUG_TAKEN = "{ code: 'CATALOGUE.SLUG_TAKEN', message: 'An app with the address \"…\" already exists.' }";

/**
 * The admin's catalogue commands (Manage Apps, App Links, Import), under api/admin/ so the global guard
 * requires an administrator; every event they append names the acting admin. Bodies are validated by the
 * commands (400 with the fields, unknown fields refused); the read models are inline, so a change shows
 * in the public reads as soon as the answer arrives.
 */
@ApiTags('admin catalogue')
@Controller('api/admin/apps')
export class CatalogueAdminController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Get()
  @ApiOperation({
    summary: 'A page of apps, deactivated ones too, by name by default; the totals, active and inactive apps, the views of the active ones',
  })
  @ApiZodQuery(adminAppListQuery)
  @ApiZodOk(adminAppPageSchema)
  list(@Query(new ZodPipe(adminAppListQuery)) query: AdminAppListQuery) {
    return this.queries.execute(new ListAdminApps(query));
  }

  @Get(':id')
  @ApiOperation({ summary: 'One app by id, active or not' })
  @ApiZodOk(appSchema)
  @ApiNotFoundResponse({ description: NOT_FOUND })
  get(@Param('id', new ZodPipe(idParam, 'id')) id: string) {
    return this.queries.execute(new GetAppById(id));
  }

  @Post()
  @ApiOperation({ summary: 'Add an app (the slug defaults to the slugified name)' })
  @ApiBody({ schema: openApiSchema(appFieldsSchema, 'input') })
  @ApiCreatedResponse({ description: '{ id, slug }' })
  @ApiConflictResponse({ description: SLUG_TAKEN })
  create(@Body() body: unknown, @Actor() actor: ActingUser) {
    return this.commands.execute(new AddApp(body, undefined, actedBy(actor)));
  }

  @Post('import')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      'Import apps row by row (bulk add): each row is added, updates the app with its address (ifExists), or is skipped with its reasons; a dry run answers the plan without writing. At most 100 rows a request, 5,000 in a dry run',
  })
  @ApiBody({ schema: openApiSchema(importRequestSchema, 'input') })
  @ApiZodOk(importAnswerSchema)
  importApps(@Body() body: unknown, @Actor() actor: ActingUser) {
    return this.commands.execute(new ImportApps(body, actedBy(actor)));
  }

  @Patch(':id')
  @ApiOperation({ summary: 'Change any catalogue field of an app; only the fields sent change' })
  @ApiBody({ schema: openApiSchema(appFieldsSchema.omit({ views: true }).partial(), 'input') })
  @ApiZodOk(z.object({ id: z.uuid() }))
  @ApiNotFoundResponse({ description: NOT_FOUND })
  @ApiConflictResponse({ description: SLUG_TAKEN })
  update(@Param('id', new ZodPipe(idParam, 'id')) id: string, @Body() body: unknown, @Actor() actor: ActingUser) {
    return this.commands.execute(new UpdateApp(id, body, actedBy(actor)));
  }

  @Put(':id/links')
  @ApiOperation({ summary: 'The App Links settings: development status, status text, app URL, link shown' })
  @ApiBody({ schema: openApiSchema(appLinksSchema, 'input') })
  @ApiZodOk(z.object({ id: z.uuid() }))
  @ApiNotFoundResponse({ description: NOT_FOUND })
  updateLinks(@Param('id', new ZodPipe(idParam, 'id')) id: string, @Body() body: unknown, @Actor() actor: ActingUser) {
    return this.commands.execute(new UpdateAppLinks(id, body, actedBy(actor)));
  }

  @Post(':id/deactivate')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Soft delete: the app leaves every public read (is_active false)' })
  @ApiZodOk(z.object({ id: z.uuid(), is_active: z.literal(false) }))
  @ApiNotFoundResponse({ description: NOT_FOUND })
  deactivate(@Param('id', new ZodPipe(idParam, 'id')) id: string, @Actor() actor: ActingUser) {
    return this.commands.execute(new DeactivateApp(id, actedBy(actor)));
  }

  @Post(':id/reactivate')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'List a deactivated app again' })
  @ApiZodOk(z.object({ id: z.uuid(), is_active: z.literal(true) }))
  @ApiNotFoundResponse({ description: NOT_FOUND })
  reactivate(@Param('id', new ZodPipe(idParam, 'id')) id: string, @Actor() actor: ActingUser) {
    return this.commands.execute(new ReactivateApp(id, actedBy(actor)));
  }
}
