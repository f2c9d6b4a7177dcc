import { DomainError } from './domain-error';

export class InvalidShiftError extends DomainError {
  readonly kind = 'invalid';
  readonly code = 'INVALID_SHIFT';

  constructor(
    readonly shift: string,
    readonly reason: string,
  ) {
    super(`Invalid shift "${shift}": ${reason}`);
  }
}

export class DuplicateShiftError extends DomainError {
  readonly kind = 'invalid';
  readonly code = 'DUPLICATE_SHIFT';

  constructor(
    readonly first: string,
    readonly second: string,
    readonly day: string,
    readonly index: number,
  ) {
    super(`Shifts "${first}" and "${second}" share day ${day} and index ${index}`);
  }
}
