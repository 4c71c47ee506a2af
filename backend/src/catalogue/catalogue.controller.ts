import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post, Query, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiAcceptedResponse, ApiBadRequestResponse, ApiBody, ApiNotFoundResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest as Request } from 'fastify';
import { z } from 'zod';
import {
  appListQuery,
  appPageSchema,
  appSchema,
  appSummarySchema,
  appViewSchema,
  categoryPageQuery,
  categorySchema,
  categoryWithAppsSchema,
  type AppListQuery,
  type AppViewInput,
} from '../../../contracts/catalogue/app.js';
import { PAGE_SIZE_MAX } from '../../../contracts/paging.js';
import { ApiZodOk, ApiZodQuery, openApiSchema, ZodPipe } from '../shared/http/zod.js';
import { APP_VIEWS_PER_CLIENT_HOUR, RecordAppView } from './commands/record-app-view.command.js';
import { GetAppBySlug } from './queries/get-app-by-slug.query.js';
import { GetCategory } from './queries/get-category.query.js';
import { GetTopApps } from './queries/get-top-apps.query.js';
import { ListAppsPage } from './queries/list-apps-page.query.js';
import { ListCategories } from './queries/list-categories.query.js';
import { SearchApps } from './queries/search-apps.query.js';
import { clientAddress } from '../shared/http/client-address.js';

const topQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(10).describe('How many apps (default 10)'),
  offset: z.coerce.number().int().min(0).max(100_000).default(0).describe('How many to skip'),
});
const searchQuery = z.strictObject({
  q: z.string().max(200).default('').describe('Matches name, description or category; empty gives the top 12'),
});
const slugParam = z.string().max(200);
const idParam = z.uuid({ error: 'Not an app id' });

@ApiTags('catalogue')
@Controller('api')
export class CatalogueController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @Get('apps')
  @ApiOperation({ summary: 'A page of the active apps, by name or most viewed first; of a category, featured, or ready to try' })
  @ApiZodQuery(appListQuery)
  @ApiZodOk(appPageSchema)
  @ApiBadRequestResponse({ description: '{ code, message, fields }: a query parameter out of range or unknown' })
  list(@Query(new ZodPipe(appListQuery)) { featured, ready, ...query }: AppListQuery) {
    return this.queries.execute(
      new ListAppsPage({ ...query, featured: featured === undefined ? undefined : featured === 'true', ready: ready === 'true' }),
    );
  }

  @Get('apps/top')
  @ApiOperation({ summary: 'Active apps, most viewed first, a page at a time' })
  @ApiZodQuery(topQuery)
  @ApiZodOk(appSummarySchema.array())
  top(@Query(new ZodPipe(topQuery)) { limit, offset }: z.output<typeof topQuery>) {
    return this.queries.execute(new GetTopApps(limit, offset));
  }

  @Get('apps/featured')
  @ApiOperation({ summary: `Featured active apps by name (the first ${PAGE_SIZE_MAX})` })
  @ApiZodOk(appSummarySchema.array())
  async featured() {
    const page = await this.queries.execute(new ListAppsPage({ featured: true, sort: 'name', page: 1, pageSize: PAGE_SIZE_MAX }));
    return page.items;
  }

  @Get('apps/search')
  @ApiOperation({ summary: 'Search apps (case-insensitive on name, description or category)' })
  @ApiZodQuery(searchQuery)
  @ApiZodOk(appSummarySchema.array())
  search(@Query(new ZodPipe(searchQuery)) { q }: z.output<typeof searchQuery>) {
    return this.queries.execute(new SearchApps(q));
  }

  @Get('apps/:slug')
  @ApiOperation({ summary: 'One active app by its slug' })
  @ApiZodOk(appSchema)
  @ApiNotFoundResponse({ description: "{ code: 'CATALOGUE.APP_NOT_FOUND', message: 'App Not Found' }" })
  bySlug(@Param('slug', new ZodPipe(slugParam, 'slug')) slug: string) {
    return this.queries.execute(new GetAppBySlug(slug));
  }

  @Post('apps/:id/views')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'Count a view of an app (projected asynchronously)',
    description:
      'Each view counts, once by its viewId (a request sent again with the same viewId adds nothing more); at most ' +
      `${APP_VIEWS_PER_CLIENT_HOUR} views of an app per client address in an hour. Views past that, and bot traffic (by user agent, ` +
      'as analytics tells it), are answered alike and not counted.',
  })
  @ApiBody({ schema: openApiSchema(appViewSchema, 'input') })
  @ApiAcceptedResponse({ description: 'The view is recorded; the count catches up within a moment' })
  @ApiBadRequestResponse({
    description: '{ code, message, fields }: sessionId missing or not a UUID, viewId not a UUID; nothing is written',
  })
  @ApiNotFoundResponse({ description: "{ code: 'CATALOGUE.APP_NOT_FOUND', message: 'App Not Found' }" })
  async recordView(
    @Param('id', new ZodPipe(idParam, 'id')) id: string,
    @Body(new ZodPipe(appViewSchema)) { sessionId, viewId }: AppViewInput,
    @Req() request: Request,
  ): Promise<Record<string, never>> {
    await this.commands.execute(new RecordAppView(id, sessionId, viewId, request.headers['user-agent'], clientAddress(request)));
    return {};
  }

  @Get('categories')
  @ApiOperation({ summary: 'Categories with their number of active apps' })
  @ApiZodOk(categorySchema.array())
  categories() {
    return this.queries.execute(new ListCategories());
  }

  @Get('categories/:slug')
  @ApiOperation({ summary: 'A category and a page of its active apps, most viewed first' })
  @ApiZodQuery(categoryPageQuery)
  @ApiZodOk(categoryWithAppsSchema)
  @ApiBadRequestResponse({ description: '{ code, message, fields }: a query parameter out of range or unknown' })
  @ApiNotFoundResponse({ description: "{ code: 'CATALOGUE.CATEGORY_NOT_FOUND', message: 'Category Not Found' }" })
  category(
    @Param('slug', new ZodPipe(slugParam, 'slug')) slug: string,
    @Query(new ZodPipe(categoryPageQuery)) page: z.output<typeof categoryPageQuery>,
  ) {
    return this.queries.execute(new GetCategory(slug, page));
  }
}
