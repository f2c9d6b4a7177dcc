import { DomainError } from './domain-error';

/** A well-formed demand that breaks one of the demand rules; the message names the rule. */
export class DemandRuleError extends DomainError {
  readonly kind = 'rule' as const;

  constructor(
    readonly code:
      | 'UNKNOWN_MAIN_MISSION'
      | 'UNKNOWN_FORM'
      | 'UNKNOWN_PDV_FORM'
      | 'UNKNOWN_STORES'
      | 'SUBCATEGORY_WITHOUT_CHECK_IN_CHECK_OUT'
      | 'SHIFTS_REQUIRED'
      | 'STORES_NOT_WORKFORCE'
      | 'FORM_REQUIRED',
    message: string,
  ) {
    super(message);
  }
}
