import type { PageRequest, PageRows, Period } from '../page';
import type { DeliveryResultItem } from './delivery-result.item';

export interface DeliveryFilter {
  period: Period;
  progress: 1 | 2 | null;
  mbKey: string | null;
  muKey: string | null;
}

/**
 * Answers one page of the listing and its exact total straight from storage, without loading the
 * domain's aggregates; scoped to one client account.
 */
export abstract class DeliveryResultsReadModel {
  abstract page(accountId: string, filter: DeliveryFilter, page: PageRequest): Promise<PageRows<DeliveryResultItem>>;
}
