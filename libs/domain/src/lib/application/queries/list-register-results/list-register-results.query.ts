import { Query } from '@nestjs/cqrs';
import type { Page } from '../page';
import type { RegisterResultItem } from './register-result.item';

/** Already checked for shape by the HTTP layer, with defaults applied. */
export interface RegisterParams {
  page: number;
  itemsPerPage: number;
  startedAt: string | null;
  endedAt: string | null;
  mbKey: string | null;
  muKey: string | null;
  search: string | null;
}

export class ListRegisterResultsQuery extends Query<Page<RegisterResultItem>> {
  constructor(
    readonly accountId: string,
    readonly params: RegisterParams,
    /** aborted when the client has gone before the answer */
    readonly signal?: AbortSignal,
  ) {
    super();
  }
}
