import type { MissionStatus } from '../../../model/mission-status';
import type { PageRequest, PageRows, Period } from '../page';
import type { WorkforceResultItem } from './workforce-result.item';

export interface WorkforceFilter {
  period: Period;
  status: MissionStatus | null;
  mbKey: string | null;
  muKey: string | null;
  search: string | null;
}

/** A participant's row as stored; the query handler derives the item's computed fields from it. */
export type WorkforceResultRow = Omit<WorkforceResultItem, 'store_duration' | 'has_token_input'> & {
  token_input: string | null;
};

/**
 * Answers one page of the listing and its exact total straight from storage, without loading the
 * domain's aggregates; scoped to one client account.
 */
export abstract class WorkforceResultsReadModel {
  abstract page(accountId: string, filter: WorkforceFilter, page: PageRequest): Promise<PageRows<WorkforceResultRow>>;
}
