import { DomainError } from './domain-error';
import { MissionStatus, missionStatusName } from './mission-status';
import type { Participant } from './participant';

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

/** The rule linking the two reviews: work that was approved is not rejected. */
export class WorkApprovedError extends DomainError {
  readonly kind = 'conflict' as const;
  readonly code = 'WORK_APPROVED';

  constructor(readonly muKey: string) {
    super(`The work of ${muKey} was approved: it can no longer be rejected`);
  }
}

/** The rule linking the two reviews: work that was rejected is not approved. */
export class WorkRejectedError extends DomainError {
  readonly kind = 'conflict' as const;
  readonly code = 'WORK_REJECTED';

  constructor(readonly muKey: string) {
    super(`The work of ${muKey} was rejected: its register can no longer be approved`);
  }
}

export interface RegisterState {
  id: string;
  missionsUserId: string;
  identifier: string;
  status: RegisterStatus;
}

/**
 * A participant's submitted work; reviewed once, to APPROVED or REPROVED. The participant's own
 * review (FINISHED → REJECTED) judges the same work, so the two are one decision: rejecting the
 * participant reproves a PENDING register and is refused once it is APPROVED (`Participant.reject`),
 * and a rejected participant's register is never approved. A REJECTED participant never has an
 * APPROVED register, whichever review comes first.
 */
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

  /** Approves the work of `participant`, whose register this is. */
  approve(participant: Participant): void {
    assertWorkOf(this, participant);
    if (this.props.status !== 'PENDING') throw new RegisterAlreadyReviewedError(this.props.status);
    if (participant.state.status === MissionStatus.REJECTED) throw new WorkRejectedError(participant.state.muKey);
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

/** A register and a participant reviewed together must be the same work. */
export function assertWorkOf(register: Register, participant: Participant): void {
  if (register.state.missionsUserId !== participant.state.id) {
    throw new Error(`Register ${register.state.id} is the work of ${register.state.missionsUserId}, not of ${participant.state.id}`);
  }
}
