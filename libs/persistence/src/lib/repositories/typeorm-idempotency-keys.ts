import { type ClaimWindow, type IdempotencyClaim, IdempotencyKeys } from '@mwr/domain';
import type { DataSource, EntityManager } from 'typeorm';
import { isDatabaseUnavailable } from '../database/database-unavailable';

export interface ReleaseRetry {
  everyMs: number;
  /**
   * How long a claim that could not be given back is tried again. Well under the time after which
   * a claim counts as abandoned (5 minutes), so a late release never meets a claim that took this
   * one over; and a release names its claim's time anyway.
   */
  forMs: number;
}

const RELEASE_RETRY: ReleaseRetry = { everyMs: 500, forMs: 60_000 };

export class TypeOrmIdempotencyKeys extends IdempotencyKeys {
  constructor(
    private readonly dataSource: DataSource,
    private readonly retry: ReleaseRetry = RELEASE_RETRY,
  ) {
    super();
  }

  async claim(accountId: string, key: string, fingerprint: string, window: ClaimWindow): Promise<IdempotencyClaim> {
    // In a transaction of its own, although one statement: its COMMIT is sent only once the claim
    // has answered. Sent alone, a claim that reached a stalled database after its request had given
    // up (503) would still be stored when the database woke, and refuse every retry of the key as
    // in flight for minutes; this way the server sees the connection close before any COMMIT.
    try {
      return await this.dataSource.transaction((manager) => this.claimWith(manager, accountId, key, fingerprint, window));
    } catch (error) {
      // Its COMMIT may have reached the server just before it stalled: stored when the server
      // wakes, the claim would refuse every retry of the key as in flight for minutes, and no
      // request would give it back. It is looked for until it is found and removed, or the retry
      // window ends.
      if (isDatabaseUnavailable(error)) this.releaseLater(accountId, key, window.now, Date.now() + this.retry.forMs, { untilFound: true });
      throw error;
    }
  }

  private async claimWith(manager: EntityManager, accountId: string, key: string, fingerprint: string, window: ClaimWindow): Promise<IdempotencyClaim> {
    // One statement, so that concurrent claims of one key serialise on its row: exactly one wins.
    const claimed = await manager.query(
      `INSERT INTO idempotency_keys AS k (client_account_id, key, fingerprint, state, created_at)
       VALUES ($1, $2, $3, 'IN_FLIGHT', $4)
       ON CONFLICT (client_account_id, key) DO UPDATE
         SET fingerprint = EXCLUDED.fingerprint, state = 'IN_FLIGHT', created_at = EXCLUDED.created_at, completed_at = NULL, demand_id = NULL
       WHERE (k.state = 'IN_FLIGHT' AND k.created_at < $5) OR (k.state = 'DONE' AND k.completed_at < $6)
       RETURNING 1`,
      [accountId, key, fingerprint, window.now, window.abandonedBefore, window.expiredBefore],
    );
    if (claimed.length > 0) return { outcome: 'claimed' };
    const [existing] = await manager.query(
      `SELECT fingerprint, state, demand_id FROM idempotency_keys WHERE client_account_id = $1 AND key = $2`,
      [accountId, key],
    );
    // Released between the two statements: the caller may simply try again, so report it as busy.
    if (!existing) return { outcome: 'in-flight' };
    if (existing.fingerprint !== fingerprint) return { outcome: 'mismatch' };
    // A key is DONE exactly when its demand committed, which also set demand_id.
    return existing.state === 'DONE' ? { outcome: 'replay', demandId: existing.demand_id } : { outcome: 'in-flight' };
  }

  async release(accountId: string, key: string, claimedAt: Date): Promise<void> {
    try {
      await this.deleteClaim(accountId, key, claimedAt);
    } catch (error) {
      // The outage that failed the request fails its release too. Left in place, the claim would
      // answer every retry of the key 409 "in flight" for minutes after the database came back.
      if (isDatabaseUnavailable(error)) this.releaseLater(accountId, key, claimedAt, Date.now() + this.retry.forMs);
      throw error;
    }
  }

  private releaseLater(accountId: string, key: string, claimedAt: Date, until: number, { untilFound = false } = {}): void {
    const timer = setTimeout(() => {
      const again = () => this.dataSource.isInitialized && Date.now() + this.retry.everyMs <= until;
      this.deleteClaim(accountId, key, claimedAt).then(
        (deleted) => {
          if (!deleted && untilFound && again()) this.releaseLater(accountId, key, claimedAt, until, { untilFound });
        },
        (error: unknown) => {
          if (isDatabaseUnavailable(error) && again()) this.releaseLater(accountId, key, claimedAt, until, { untilFound });
        },
      );
    }, this.retry.everyMs);
    // Pending releases never hold a shutting-down process; what they leave counts as abandoned later.
    timer.unref();
  }

  /** Whether the claim was there to remove. */
  private async deleteClaim(accountId: string, key: string, claimedAt: Date): Promise<boolean> {
    const deleted: unknown[] = await this.dataSource.query(
      `DELETE FROM idempotency_keys WHERE client_account_id = $1 AND key = $2 AND state = 'IN_FLIGHT' AND created_at = $3 RETURNING 1`,
      [accountId, key, claimedAt],
    );
    return deleted.length > 0;
  }
}
