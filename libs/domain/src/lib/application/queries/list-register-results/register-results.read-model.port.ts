import type { PageRequest, PageRows, Period } from '../page';
import type { RegisterResultItem } from './register-result.item';

export interface RegisterFilter {
  period: Period;
  mbKey: string | null;
  muKey: string | null;
  search: string | null;
}

/**
 * Answers one page of the listing and its exact total straight from storage, without loading the
 * domain's aggregates; scoped to one client account. Blocks come back for every flag; the handler drops
 * those whose flag is false.
 */
export abstract class RegisterResultsReadModel {
  abstract page(accountId: string, filter: RegisterFilter, page: PageRequest): Promise<PageRows<RegisterResultItem>>;
}
