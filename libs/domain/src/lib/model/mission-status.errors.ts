import { DomainError } from './domain-error';
import { missionStatusName, type MissionStatus, type ParticipantVerb } from './mission-status';

export class InvalidTransitionError extends DomainError {
  readonly kind = 'conflict';
  readonly code = 'INVALID_TRANSITION';

  constructor(
    readonly from: MissionStatus,
    readonly to: MissionStatus,
    readonly verb: ParticipantVerb,
  ) {
    super(`Cannot ${verb}: transition from ${missionStatusName(from)} to ${missionStatusName(to)} is not allowed`);
  }
}

export class InvalidMissionStatusError extends DomainError {
  readonly kind = 'invalid';
  readonly code = 'INVALID_MISSION_STATUS';

  constructor(readonly status: unknown) {
    super(`Invalid mission status ${String(status)}: expected an integer 0..10`);
  }
}
