/**
 * - `claimed`: first use of the key; the caller goes on and must complete or release it.
 * - `replay`: the key completed earlier with the same request, which created `demandId`.
 * - `mismatch`: the key was used with a different request.
 * - `in-flight`: the key's first request has not finished yet.
 */
export type IdempotencyClaim =
  | { outcome: 'claimed' }
  | { outcome: 'replay'; demandId: string }
  | { outcome: 'mismatch' }
  | { outcome: 'in-flight' };

export interface ClaimWindow {
  now: Date;
  /** An uncompleted claim made before this was abandoned (its request died) and may be taken over. */
  abandonedBefore: Date;
  /** A completed key older than this has expired and counts as never used. */
  expiredBefore: Date;
}

export abstract class IdempotencyKeys {
  /** Claims `key` for one request of one client account; atomic under concurrent claims. */
  abstract claim(accountId: string, key: string, fingerprint: string, window: ClaimWindow): Promise<IdempotencyClaim>;
  /** Gives a claimed key back after its request failed, so that it can be used again. */
  abstract release(accountId: string, key: string): Promise<void>;
}
