import { DomainError } from './domain-error';

/** A place that cannot be taken. */
export class AcceptPlaceError extends DomainError {
  readonly kind = 'rule' as const;

  constructor(
    readonly code: 'MISSION_FULL' | 'UNKNOWN_SHIFT' | 'MISSION_DAY_PASSED',
    message: string,
  ) {
    super(message);
  }
}
