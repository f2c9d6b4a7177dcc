import type { DemandView } from './get-demand.query';

export abstract class DemandReadModel {
  /** The account's demand with its missions, in the order of its stores; null when the account has no such demand. */
  abstract find(accountId: string, demandId: string): Promise<DemandView | null>;
}
