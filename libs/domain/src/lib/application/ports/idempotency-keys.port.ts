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
  /**
   * Gives back the claim made at `claimedAt` (its window's `now`) after its request failed, so that
   * the key can be used again; a later claim of the key, one that took an abandoned claim over, is
   * kept. When the store cannot be reached (the outage that failed the request), the adapter goes
   * on trying in the background for a while and rejects meanwhile: a claim left in place would
   * refuse every retry of the key as in flight until it counted as abandoned.
   */
  abstract release(accountId: string, key: string, claimedAt: Date): Promise<void>;
}
