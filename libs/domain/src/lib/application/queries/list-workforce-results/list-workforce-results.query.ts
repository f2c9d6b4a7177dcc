import { Query } from '@nestjs/cqrs';
import type { MissionStatus } from '../../../model/mission-status';
import type { Page } from '../page';
import type { WorkforceResultItem } from './workforce-result.item';

/** Already checked for shape by the HTTP layer, with defaults applied. */
export interface WorkforceParams {
  page: number;
  itemsPerPage: number;
  startedAt: string | null;
  endedAt: string | null;
  status: MissionStatus | null;
  mbKey: string | null;
  muKey: string | null;
  search: string | null;
}

export class ListWorkforceResultsQuery extends Query<Page<WorkforceResultItem>> {
  constructor(
    readonly accountId: string,
    readonly params: WorkforceParams,
    /** aborted when the client has gone before the answer */
    readonly signal?: AbortSignal,
  ) {
    super();
  }
}
