import { randomUUID } from 'node:crypto';
import type { ClaimWindow } from '@mwr/domain';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { openDataSource } from '../database/data-source';
import { StallingProxy } from '../../testing/stalling-proxy';
import { createMigratedTestDatabase, type TestDatabase } from '../../testing/test-database';
import { TypeOrmIdempotencyKeys } from './typeorm-idempotency-keys';

let database: TestDatabase;
let dataSource: DataSource;

beforeAll(async () => {
  database = await createMigratedTestDatabase();
  // A short statement timeout: a statement that waits on a lock fails as it would against a database that does not answer.
  dataSource = await openDataSource({ url: database.url, poolSize: 2, queryTimeoutMs: 200 });
});

afterAll(async () => {
  await dataSource.destroy();
  await database.drop();
});

const window = (now: Date): ClaimWindow => ({
  now,
  abandonedBefore: new Date(now.getTime() - 5 * 60_000),
  expiredBefore: new Date(now.getTime() - 86_400_000),
});

async function anAccount(): Promise<string> {
  const id = randomUUID();
  await dataSource.query(`INSERT INTO client_accounts (id, client_id, name, secret_hash, created_at) VALUES ($1, $2, 'Test', '', now())`, [id, `cl_${id}`]);
  return id;
}

async function eventually(check: () => Promise<boolean>, withinMs: number): Promise<boolean> {
  for (const deadline = Date.now() + withinMs; Date.now() < deadline; await new Promise((tick) => setTimeout(tick, 50))) {
    if (await check()) return true;
  }
  return check();
}

describe('TypeOrmIdempotencyKeys: a claim whose request failed in an outage', () => {
  it('is given back once the database answers again when its release failed, so a retry of the key is not refused as in flight for minutes', async () => {
    const keys = new TypeOrmIdempotencyKeys(dataSource, { everyMs: 50, forMs: 10_000 });
    const account = await anAccount();
    const claimedAt = new Date();
    expect(await keys.claim(account, 'k', 'fp', window(claimedAt))).toEqual({ outcome: 'claimed' });

    // Another session holds the claim's row, so every attempt to give it back times out meanwhile.
    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(`SELECT 1 FROM idempotency_keys WHERE client_account_id = $1 AND key = 'k' FOR UPDATE`, [account]);
      await expect(keys.release(account, 'k', claimedAt)).rejects.toThrow(/statement timeout/);
      await new Promise((tick) => setTimeout(tick, 300));
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }

    const reclaimed = await eventually(async () => (await keys.claim(account, 'k', 'fp', window(new Date()))).outcome === 'claimed', 5_000);
    expect(reclaimed).toBe(true);
  });
});

describe('TypeOrmIdempotencyKeys: a claim sent to a database that stalls', () => {
  it('is not stored when the database wakes after the request gave up on it: the key is free, not refused as in flight for minutes', async () => {
    const proxy = await StallingProxy.start(database.url);
    const stalling = await openDataSource({ url: proxy.url, poolSize: 1, queryTimeoutMs: 100 });
    try {
      const keys = new TypeOrmIdempotencyKeys(stalling);
      const account = await anAccount();
      // The pooled connection is open when the database stalls: the claim is sent on it, and waits.
      await stalling.query('SELECT 1');
      proxy.stall();
      await expect(keys.claim(account, 'stalled', 'fp', window(new Date()))).rejects.toThrow(/timeout/);
      proxy.resume();
      await proxy.untilAllClosed();
      expect(await new TypeOrmIdempotencyKeys(dataSource).claim(account, 'stalled', 'fp', window(new Date()))).toEqual({ outcome: 'claimed' });
    } finally {
      await stalling.destroy();
      await proxy.close();
    }
  });

  it('is removed when its COMMIT reached the database but the answer never came back (the request answered 503): retries of the key are not refused as in flight', async () => {
    const proxy = await StallingProxy.start(database.url);
    const stalling = await openDataSource({ url: proxy.url, poolSize: 1, queryTimeoutMs: 100 });
    try {
      const keys = new TypeOrmIdempotencyKeys(stalling, { everyMs: 50, forMs: 5_000 });
      const account = await anAccount();
      proxy.loseAnswersAfter('COMMIT');
      await expect(keys.claim(account, 'committed', 'fp', window(new Date()))).rejects.toThrow(/timeout/);
      const stored = async () =>
        (await dataSource.query(`SELECT count(*)::int AS n FROM idempotency_keys WHERE client_account_id = $1 AND key = 'committed'`, [account]))[0].n;
      // The server did commit it: only the release that follows the lost answer takes it back.
      const deadline = Date.now() + 3_000;
      while ((await stored()) > 0 && Date.now() < deadline) await new Promise((tick) => setTimeout(tick, 50));
      expect(await stored()).toBe(0);
      expect(await new TypeOrmIdempotencyKeys(dataSource).claim(account, 'committed', 'fp', window(new Date()))).toEqual({ outcome: 'claimed' });
    } finally {
      await stalling.destroy();
      await proxy.close();
    }
  });
});
