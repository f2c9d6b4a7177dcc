import { Body, Controller, Get, Header, Headers, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { CreateDemandCommand, type DemandInput, type DemandView, GetDemandQuery } from '@mwr/domain';
import type { FastifyReply } from 'fastify';
import type { AuthenticatedRequest } from '../http/request-pipeline';
import { RequestError } from '../http/request-error';
import { noQueryParameters } from '../reports/listing-query.pipe';
import { DemandBodyPipe } from './demand-body.pipe';
import { requestFingerprint } from './request-fingerprint';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

@Controller('v1/missions/demands')
export class DemandsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** 201 with an empty body, as the spec says, and where the demand can be read (a replay names the same one). */
  @Post()
  @HttpCode(201)
  @Header('Content-Type', 'application/json')
  async create(
    @Req() req: AuthenticatedRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body(DemandBodyPipe) demand: DemandInput,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
  ): Promise<void> {
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw RequestError.invalid('Idempotency-Key must be 1 to 255 visible ASCII characters');
    }
    const idempotency = idempotencyKey === undefined ? null : { key: idempotencyKey, fingerprint: requestFingerprint(req.body) };
    const { demandId } = await this.commands.execute(new CreateDemandCommand(req.accountId as string, demand, idempotency));
    void reply.header('Location', `/v1/missions/demands/${demandId}`);
  }

  @Get(':id')
  find(@Req() req: AuthenticatedRequest, @Param('id') id: string, @Query(noQueryParameters) _query: object): Promise<DemandView> {
    return this.queries.execute(new GetDemandQuery(req.accountId as string, id));
  }
}
