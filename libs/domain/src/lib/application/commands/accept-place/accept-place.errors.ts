import { DomainError } from '../../../model/domain-error';

export class AcceptPlaceError extends DomainError {
  readonly kind = 'rule' as const;

  constructor(
    readonly code: 'MISSION_FULL' | 'UNKNOWN_SHIFT',
    message: string,
  ) {
    super(message);
  }
}
