import { type ClaimWindow, type IdempotencyClaim, IdempotencyKeys } from '@mwr/domain';
import type { DataSource } from 'typeorm';

export class TypeOrmIdempotencyKeys extends IdempotencyKeys {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async claim(accountId: string, key: string, fingerprint: string, window: ClaimWindow): Promise<IdempotencyClaim> {
    // One statement, so that concurrent claims of one key serialise on its row: exactly one wins.
    const claimed = await this.dataSource.query(
      `INSERT INTO idempotency_keys AS k (client_account_id, key, fingerprint, state, created_at)
       VALUES ($1, $2, $3, 'IN_FLIGHT', $4)
       ON CONFLICT (client_account_id, key) DO UPDATE
         SET fingerprint = EXCLUDED.fingerprint, state = 'IN_FLIGHT', created_at = EXCLUDED.created_at, completed_at = NULL, demand_id = NULL
       WHERE (k.state = 'IN_FLIGHT' AND k.created_at < $5) OR (k.state = 'DONE' AND k.completed_at < $6)
       RETURNING 1`,
      [accountId, key, fingerprint, window.now, window.abandonedBefore, window.expiredBefore],
    );
    if (claimed.length > 0) return { outcome: 'claimed' };
    const [existing] = await this.dataSource.query(
      `SELECT fingerprint, state, demand_id FROM idempotency_keys WHERE client_account_id = $1 AND key = $2`,
      [accountId, key],
    );
    // Released between the two statements: the caller may simply try again, so report it as busy.
    if (!existing) return { outcome: 'in-flight' };
    if (existing.fingerprint !== fingerprint) return { outcome: 'mismatch' };
    // A key is DONE exactly when its demand committed, which also set demand_id.
    return existing.state === 'DONE' ? { outcome: 'replay', demandId: existing.demand_id } : { outcome: 'in-flight' };
  }

  async release(accountId: string, key: string): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM idempotency_keys WHERE client_account_id = $1 AND key = $2 AND state = 'IN_FLIGHT'`,
      [accountId, key],
    );
  }
}
