import { DomainError } from './domain-error';
import { MissionStatus, missionStatusName } from './mission-status';

export type RegisterStatus = 'PENDING' | 'APPROVED' | 'REPROVED';
export const REGISTER_STATUSES: readonly RegisterStatus[] = Object.freeze(['PENDING', 'APPROVED', 'REPROVED']);

export class RegisterAlreadyReviewedError extends DomainError {
  readonly kind = 'conflict' as const;
  readonly code = 'REGISTER_ALREADY_REVIEWED';

  constructor(readonly status: RegisterStatus) {
    super(`The register was already reviewed: it is ${status}`);
  }
}

export class WorkNotFinishedError extends DomainError {
  readonly kind = 'rule' as const;
  readonly code = 'WORK_NOT_FINISHED';

  constructor(readonly status: MissionStatus) {
    super(`Only finished work can be submitted; the participant is ${missionStatusName(status)}`);
  }
}

export class RegisterAlreadySubmittedError extends DomainError {
  readonly kind = 'conflict' as const;
  readonly code = 'REGISTER_ALREADY_SUBMITTED';

  constructor(readonly muKey: string) {
    super(`The work of ${muKey} was already submitted`);
  }
}

export interface RegisterState {
  id: string;
  missionsUserId: string;
  identifier: string;
  status: RegisterStatus;
}

/** A participant's submitted work; reviewed once, to APPROVED or REPROVED. */
export class Register {
  private constructor(private readonly props: RegisterState) {}

  static submit(input: { id: string; missionsUserId: string; identifier: string; participantStatus: MissionStatus }): Register {
    if (input.participantStatus !== MissionStatus.FINISHED) throw new WorkNotFinishedError(input.participantStatus);
    return new Register({ id: input.id, missionsUserId: input.missionsUserId, identifier: input.identifier, status: 'PENDING' });
  }

  static restore(state: RegisterState): Register {
    return new Register({ ...state });
  }

  get state(): Readonly<RegisterState> {
    return { ...this.props };
  }

  approve(): void {
    this.review('APPROVED');
  }

  reprove(): void {
    this.review('REPROVED');
  }

  private review(outcome: 'APPROVED' | 'REPROVED'): void {
    if (this.props.status !== 'PENDING') throw new RegisterAlreadyReviewedError(this.props.status);
    this.props.status = outcome;
  }
}
