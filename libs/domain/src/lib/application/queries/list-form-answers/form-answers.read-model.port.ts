import type { PageRequest, PageRows, Period } from '../page';
import type { FormAnswerItem } from './form-answer.item';

export interface FormAnswersFilter {
  formId: number;
  period: Period;
}

/**
 * Answers the listing straight from storage, one page statement and one count statement, skipping
 * the aggregates; scoped to one client account.
 */
export abstract class FormAnswersReadModel {
  abstract page(accountId: string, filter: FormAnswersFilter, page: PageRequest): Promise<PageRows<FormAnswerItem>>;
}
