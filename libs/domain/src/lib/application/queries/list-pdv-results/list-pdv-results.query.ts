import { Query } from '@nestjs/cqrs';
import type { Page } from '../page';
import type { PdvResultItem } from './pdv-result.item';

/** Already checked for shape by the HTTP layer, with defaults applied. */
export interface PdvParams {
  startedAt: string;
  endedAt: string;
  page: number;
  itemsPerPage: number;
  mbKey: string | null;
  muKey: string | null;
  search: string | null;
}

export class ListPdvResultsQuery extends Query<Page<PdvResultItem>> {
  constructor(
    readonly accountId: string,
    readonly params: PdvParams,
    /** aborted when the client has gone before the answer */
    readonly signal?: AbortSignal,
  ) {
    super();
  }
}
