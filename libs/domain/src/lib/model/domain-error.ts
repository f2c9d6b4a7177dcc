/**
 * What kind of failure a domain error is. The HTTP layer maps kinds to statuses in one place;
 * the domain never speaks of statuses.
 * - `invalid`: the input is malformed (a shape or format rule).
 * - `rule`: well-formed input that breaks a business rule.
 * - `not-found`: the addressed thing does not exist for this client account.
 * - `conflict`: the request collides with the current state (idempotency, a refused transition).
 */
export type DomainErrorKind = 'invalid' | 'rule' | 'not-found' | 'conflict';

export abstract class DomainError extends Error {
  abstract readonly kind: DomainErrorKind;
  /** Stable, machine-readable code; messages may be reworded, codes may not. */
  abstract readonly code: string;

  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}
