import { Body, Controller, Header, Headers, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CreateDemandCommand, type DemandInput } from '@mwr/domain';
import type { AuthenticatedRequest } from '../http/request-pipeline';
import { RequestError } from '../http/request-error';
import { DemandBodyPipe } from './demand-body.pipe';
import { requestFingerprint } from './request-fingerprint';

const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

@Controller('v1/missions/demands')
export class DemandsController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @HttpCode(201)
  @Header('Content-Type', 'application/json')
  async create(
    @Req() req: AuthenticatedRequest,
    @Body(DemandBodyPipe) demand: DemandInput,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
  ): Promise<void> {
    if (idempotencyKey !== undefined && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw RequestError.invalid('Idempotency-Key must be 1 to 255 visible ASCII characters');
    }
    const idempotency = idempotencyKey === undefined ? null : { key: idempotencyKey, fingerprint: requestFingerprint(req.body) };
    await this.commands.execute(new CreateDemandCommand(req.accountId as string, demand, idempotency));
  }
}
