import { Command } from '@nestjs/cqrs';
import type { DemandInput } from '../../../model/demand';

export interface IdempotencyRequest {
  key: string;
  /** A digest of the request body: the same key with another body is refused. */
  fingerprint: string;
}

/** The demand created, or for a replayed Idempotency-Key the one its first request created. */
export interface CreatedDemand {
  demandId: string;
}

export class CreateDemandCommand extends Command<CreatedDemand> {
  constructor(
    readonly accountId: string,
    readonly input: DemandInput,
    readonly idempotency: IdempotencyRequest | null = null,
  ) {
    super();
  }
}
