export type RequestKind = 'post-keyed' | 'post-plain' | 'forms' | 'workforce' | 'deliveries' | 'pdv' | 'registers';

export type Outcome =
  /** A complete HTTP answer; `error` is the `{"error"}` message of an answer that is not 2xx. */
  | { kind: 'answered'; status: number; error?: string }
  /** The connection was refused or closed before any byte of an answer: not an HTTP answer. */
  | { kind: 'no-answer'; code: string }
  /** An answer that began and never completed. */
  | { kind: 'cut-off'; reason: string }
  /** No answer within the load's request timeout. */
  | { kind: 'timeout' };

/** One request sent; times in ms of `performance.now()`. */
export interface Attempt {
  kind: RequestKind;
  started: number;
  ended: number;
  outcome: Outcome;
}

/** One demand the load meant to create, with every attempt it took (one, unless keyed and retried). */
export interface PostRecord {
  /** Unique per demand, carried in its custom_fields, so the database says which request stored what. */
  marker: string;
  /** The Idempotency-Key (the marker itself), or null for a demand sent without one. */
  key: string | null;
  /** Missions the demand must have: one per store, or one without stores. */
  missions: number;
  body: string;
  attempts: Attempt[];
}

export const isSuccess = (outcome: Outcome): boolean => outcome.kind === 'answered' && outcome.status >= 200 && outcome.status < 300;

/** Error answers the goal accepts under a fault (docs/reliability.md); any other is a failure of the run. */
export const ACCEPTED_ERROR_STATUSES: readonly number[] = [401, 409, 429, 503];

export const isUnexpectedAnswer = (outcome: Outcome): boolean =>
  outcome.kind === 'answered' && !isSuccess(outcome) && !ACCEPTED_ERROR_STATUSES.includes(outcome.status);
