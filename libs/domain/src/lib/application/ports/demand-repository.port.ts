import type { DemandInput, DemandReferences, PlannedMission } from '../../model/demand';

export type NewMission = PlannedMission;

export interface NewDemand {
  id: string;
  accountId: string;
  input: DemandInput;
  missions: readonly NewMission[];
  createdAt: Date;
  /** The Idempotency-Key this demand completes, marked done in the same transaction. */
  idempotencyKey: string | null;
}

export abstract class DemandRepository {
  /** Looks up, within one client account only, every id the demand names. */
  abstract references(accountId: string, input: DemandInput): Promise<DemandReferences>;
  /** Stores the demand and its missions in one transaction: all of it, or nothing. */
  abstract create(demand: NewDemand): Promise<void>;
}
