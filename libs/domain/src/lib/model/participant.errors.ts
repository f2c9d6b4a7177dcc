import { DomainError } from './domain-error';
import { MissionStatus, missionStatusName } from './mission-status';

export class CheckOutBeforeCheckInError extends DomainError {
  readonly kind = 'rule';
  readonly code = 'CHECK_OUT_BEFORE_CHECK_IN';

  constructor(
    readonly checkInAt: Date,
    readonly checkOutAt: Date,
  ) {
    super(`Check-out at ${checkOutAt.toISOString()} is before check-in at ${checkInAt.toISOString()}`);
  }
}

export class RatingNotAllowedError extends DomainError {
  readonly kind = 'rule';
  readonly code = 'RATING_NOT_ALLOWED';

  constructor(readonly status: MissionStatus) {
    super(`Cannot rate a participant in status ${missionStatusName(status)}: only FINISHED work is rated`);
  }
}

export class InvalidRatingError extends DomainError {
  readonly kind = 'invalid';
  readonly code = 'INVALID_RATING';

  constructor(readonly rating: number) {
    super(`Invalid rating ${rating}: expected an integer 1..5`);
  }
}

export class InvalidSlaToleranceError extends DomainError {
  readonly kind = 'invalid';
  readonly code = 'INVALID_SLA_TOLERANCE';

  constructor(readonly toleranceMinutes: number) {
    super(`Invalid SLA tolerance ${toleranceMinutes}: expected a non-negative integer of minutes`);
  }
}

export class InvalidInstantError extends DomainError {
  readonly kind = 'invalid';
  readonly code = 'INVALID_INSTANT';

  constructor(readonly field: string) {
    super(`Invalid ${field}: expected a valid Date`);
  }
}

export class InvalidDurationError extends DomainError {
  readonly kind = 'invalid';
  readonly code = 'INVALID_DURATION';

  constructor(readonly ms: number) {
    super(`Invalid duration ${ms} ms: expected a finite, non-negative number`);
  }
}

export class EmptyRequestError extends DomainError {
  readonly kind = 'invalid';
  readonly code = 'EMPTY_REQUEST';

  constructor() {
    super('A request must contain text');
  }
}

export class ExpiryNotDueError extends DomainError {
  readonly kind = 'rule';
  readonly code = 'EXPIRY_NOT_DUE';

  constructor(
    readonly status: MissionStatus,
    /** the first instant at which it may expire; null when it never does */
    readonly expiresAt: Date | null,
    readonly at: Date,
  ) {
    super(
      expiresAt === null
        ? `A ${missionStatusName(status)} participant without a scheduled time does not expire`
        : `Cannot expire a ${missionStatusName(status)} participant at ${at.toISOString()}: ${
            status === MissionStatus.WAITING ? 'its day has not ended' : 'its scheduled time plus the SLA tolerance has not passed'
          } (it may expire from ${expiresAt.toISOString()})`,
    );
  }
}
