import type { PageRequest, PageRows, Period } from '../page';
import type { PdvResultItem } from './pdv-result.item';

export interface PdvFilter {
  period: Period;
  mbKey: string | null;
  muKey: string | null;
  search: string | null;
}

/**
 * Answers one page of the listing and its exact total straight from storage, without loading the
 * domain's aggregates; scoped to one client account.
 */
export abstract class PdvResultsReadModel {
  abstract page(accountId: string, filter: PdvFilter, page: PageRequest): Promise<PageRows<PdvResultItem>>;
}
