import type { MissionStatus } from '../../model/mission-status';
import type { PageRequest, PageRows, Period } from '../queries/page';
import type {
  DeliveryResultItem,
  FormAnswerItem,
  PdvResultItem,
  RegisterResultItem,
  WorkforceResultItem,
} from '../queries/report-items';

// Read models answer listings straight from storage, one page statement and one count statement,
// skipping the aggregates. Every method is scoped to one client account.

export interface FormAnswersFilter {
  formId: number;
  period: Period;
}

export abstract class FormAnswersReadModel {
  abstract page(accountId: string, filter: FormAnswersFilter, page: PageRequest): Promise<PageRows<FormAnswerItem>>;
}

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

export abstract class WorkforceResultsReadModel {
  abstract page(accountId: string, filter: WorkforceFilter, page: PageRequest): Promise<PageRows<WorkforceResultRow>>;
}

export interface DeliveryFilter {
  period: Period;
  progress: 1 | 2 | null;
  mbKey: string | null;
  muKey: string | null;
}

export abstract class DeliveryResultsReadModel {
  abstract page(accountId: string, filter: DeliveryFilter, page: PageRequest): Promise<PageRows<DeliveryResultItem>>;
}

export interface PdvFilter {
  period: Period;
  mbKey: string | null;
  muKey: string | null;
  search: string | null;
}

export abstract class PdvResultsReadModel {
  abstract page(accountId: string, filter: PdvFilter, page: PageRequest): Promise<PageRows<PdvResultItem>>;
}

export interface RegisterFilter {
  period: Period;
  mbKey: string | null;
  muKey: string | null;
  search: string | null;
}

/** Blocks come back for every flag; the handler drops those whose flag is false. */
export abstract class RegisterResultsReadModel {
  abstract page(accountId: string, filter: RegisterFilter, page: PageRequest): Promise<PageRows<RegisterResultItem>>;
}
