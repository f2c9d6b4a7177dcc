import { DomainError } from './domain-error';
import { InvalidInstantError } from './participant.errors';

export class AlreadyDoneError extends DomainError {
  readonly kind = 'conflict' as const;

  constructor(
    readonly code: 'PDV_ALREADY_DONE' | 'STOP_ALREADY_FINISHED',
    message: string,
  ) {
    super(message);
  }
}

export class FinishBeforeStartError extends DomainError {
  readonly kind = 'rule' as const;
  readonly code = 'FINISH_BEFORE_START';

  constructor(
    readonly startedAt: Date,
    readonly finishedAt: Date,
  ) {
    super(`The stop cannot finish at ${finishedAt.toISOString()}, before it started at ${startedAt.toISOString()}`);
  }
}

export type PdvStatus = 'PENDING' | 'DONE';

export interface PdvRecordState {
  id: string;
  registerId: string;
  importProductsId: string;
  status: PdvStatus;
  deliveredAt: Date | null;
}

/** A product to place at a point of sale during a register's work: PENDING until it is done. */
export class PdvRecord {
  private constructor(private readonly props: PdvRecordState) {}

  static restore(state: PdvRecordState): PdvRecord {
    return new PdvRecord(copyPdv(state));
  }

  get state(): Readonly<PdvRecordState> {
    return copyPdv(this.props);
  }

  /** Done once; the time it was done is when the product was delivered. */
  markDone(at: Date): void {
    const deliveredAt = instant('deliveredAt', at);
    if (this.props.status === 'DONE') throw new AlreadyDoneError('PDV_ALREADY_DONE', `Point-of-sale record ${this.props.id} is already done`);
    this.props.status = 'DONE';
    this.props.deliveredAt = deliveredAt;
  }
}

export type StopProgress = 1 | 2;

export interface DeliveryStopState {
  id: string;
  type: 'COLLECTION' | 'DELIVERY';
  identifier: string;
  /** 1 started, 2 finished. */
  progress: StopProgress;
  startedAt: Date;
  finishedAt: Date | null;
}

/** A collection or delivery stop of a participant: started, then finished once. */
export class DeliveryStop {
  private constructor(private readonly props: DeliveryStopState) {}

  static restore(state: DeliveryStopState): DeliveryStop {
    return new DeliveryStop(copyStop(state));
  }

  get state(): Readonly<DeliveryStopState> {
    return copyStop(this.props);
  }

  finish(at: Date): void {
    const finishedAt = instant('finishedAt', at);
    if (this.props.progress === 2) throw new AlreadyDoneError('STOP_ALREADY_FINISHED', `Stop ${this.props.id} is already finished`);
    if (finishedAt.getTime() < this.props.startedAt.getTime()) throw new FinishBeforeStartError(this.props.startedAt, finishedAt);
    this.props.progress = 2;
    this.props.finishedAt = finishedAt;
  }
}

function instant(field: string, value: Date): Date {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) throw new InvalidInstantError(field);
  return new Date(value.getTime());
}

function copyPdv(state: PdvRecordState): PdvRecordState {
  return { ...state, deliveredAt: state.deliveredAt && new Date(state.deliveredAt.getTime()) };
}

function copyStop(state: DeliveryStopState): DeliveryStopState {
  return { ...state, startedAt: new Date(state.startedAt.getTime()), finishedAt: state.finishedAt && new Date(state.finishedAt.getTime()) };
}
