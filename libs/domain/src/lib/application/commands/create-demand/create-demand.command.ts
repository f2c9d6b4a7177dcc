import { Command } from '@nestjs/cqrs';
import type { DemandInput } from '../../../model/demand';

export interface IdempotencyRequest {
  key: string;
  /** A digest of the request body: the same key with another body is refused. */
  fingerprint: string;
}

export class CreateDemandCommand extends Command<void> {
  constructor(
    readonly accountId: string,
    readonly input: DemandInput,
    readonly idempotency: IdempotencyRequest | null = null,
  ) {
    super();
  }
}
