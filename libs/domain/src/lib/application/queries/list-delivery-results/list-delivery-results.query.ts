import { Query } from '@nestjs/cqrs';
import type { CachedListing } from '../cached-listing';

/** Already checked for shape by the HTTP layer, with defaults applied. */
export interface DeliveryParams {
  startedAt: string;
  endedAt: string;
  page: number;
  itemsPerPage: number;
  progress: 1 | 2 | null;
  mbKey: string | null;
  muKey: string | null;
}

export class ListDeliveryResultsQuery extends Query<CachedListing> {
  constructor(
    readonly accountId: string,
    readonly params: DeliveryParams,
  ) {
    super();
  }
}
