import { Query } from '@nestjs/cqrs';
import type { CachedListing } from '../cached-listing';

/** Already checked for shape by the HTTP layer. */
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
