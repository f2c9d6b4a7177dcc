import { Query } from '@nestjs/cqrs';
import type { MissionStatus } from '../../model/mission-status';
import type { CachedListing } from './cached-listing';
import type { Page } from './page';
import type { PdvResultItem, RegisterResultItem, WorkforceResultItem } from './report-items';

// Queries carry parameters already checked for shape by the HTTP layer, with defaults applied.

export interface FormAnswersParams {
  initialDate: string;
  finalDate: string;
  page: number;
  formId: number;
}

export class ListFormAnswersQuery extends Query<CachedListing> {
  constructor(
    readonly accountId: string,
    readonly params: FormAnswersParams,
  ) {
    super();
  }
}

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
  ) {
    super();
  }
}

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
  ) {
    super();
  }
}

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
  ) {
    super();
  }
}
