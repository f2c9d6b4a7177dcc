import type { PageRequest, PageRows, Period } from '../page';
import type { FormAnswerItem } from './form-answer.item';

export interface FormAnswersFilter {
  formId: number;
  period: Period;
}

/**
 * Answers one page of the listing and its exact total straight from storage, without loading the
 * domain's aggregates; scoped to one client account.
 */
export abstract class FormAnswersReadModel {
  abstract page(accountId: string, filter: FormAnswersFilter, page: PageRequest): Promise<PageRows<FormAnswerItem>>;
}
