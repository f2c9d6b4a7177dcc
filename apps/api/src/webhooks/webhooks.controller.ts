import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import {
  CreateWebhookCommand,
  ListWebhookDeliveriesQuery,
  ListWebhooksQuery,
  type Page,
  RedeliverEventCommand,
  RemoveWebhookCommand,
  REPORT_LIMITS,
  type WebhookDeliveryView,
  type WebhookInput,
  type WebhookView,
} from '@mwr/domain';
import type { AuthenticatedRequest } from '../http/request-pipeline';
import { ListingQueryPipe, noQueryParameters } from '../reports/listing-query.pipe';
import { PageQueryDto } from '../reports/report-query.dtos';
import { RedeliveryBodyPipe, WebhookBodyPipe } from './webhook-body.pipes';

/** The deliveries listing's parameter rules; exported for the OpenAPI document. */
export const deliveriesPageQuery = new ListingQueryPipe({ dto: PageQueryDto, parameters: ['page', 'itemsPerPage'] });

@Controller('v1/webhooks')
export class WebhooksController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
  @HttpCode(201)
  create(@Req() req: AuthenticatedRequest, @Body(WebhookBodyPipe) input: WebhookInput, @Query(noQueryParameters) _query: object): Promise<WebhookView & { secret: string }> {
    return this.commands.execute(new CreateWebhookCommand(req.accountId as string, input));
  }

  @Get()
  async list(@Req() req: AuthenticatedRequest, @Query(noQueryParameters) _query: object): Promise<{ data: WebhookView[] }> {
    return { data: await this.queries.execute(new ListWebhooksQuery(req.accountId as string)) };
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Req() req: AuthenticatedRequest, @Param('id') id: string, @Query(noQueryParameters) _query: object): Promise<void> {
    return this.commands.execute(new RemoveWebhookCommand(req.accountId as string, id));
  }

  @Get(':id/deliveries')
  deliveries(@Req() req: AuthenticatedRequest, @Param('id') id: string, @Query(deliveriesPageQuery) q: PageQueryDto): Promise<Page<WebhookDeliveryView>> {
    const page = { page: q.page ?? 1, itemsPerPage: q.itemsPerPage ?? REPORT_LIMITS.itemsPerPageDefault };
    return this.queries.execute(new ListWebhookDeliveriesQuery(req.accountId as string, id, page));
  }

  @Post(':id/deliveries')
  @HttpCode(201)
  redeliver(
    @Req() req: AuthenticatedRequest,
    @Param('id') id: string,
    @Body(RedeliveryBodyPipe) eventId: string,
    @Query(noQueryParameters) _query: object,
  ): Promise<WebhookDeliveryView> {
    return this.commands.execute(new RedeliverEventCommand(req.accountId as string, id, eventId));
  }
}
