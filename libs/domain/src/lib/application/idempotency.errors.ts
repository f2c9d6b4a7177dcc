import { DomainError } from '../model/domain-error';

export class IdempotencyConflictError extends DomainError {
  readonly kind = 'conflict' as const;

  constructor(readonly code: 'IDEMPOTENCY_KEY_REUSED' | 'IDEMPOTENCY_KEY_IN_FLIGHT') {
    super(
      code === 'IDEMPOTENCY_KEY_REUSED'
        ? 'Idempotency-Key was already used with a different request body'
        : 'A request with this Idempotency-Key is still in flight',
    );
  }
}
