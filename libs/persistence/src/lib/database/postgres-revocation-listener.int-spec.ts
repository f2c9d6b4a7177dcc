import { randomBytes, randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createMigratedTestDatabase, type TestDatabase } from '../../testing/test-database';
import { TypeOrmClientAccountRepository } from '../repositories/typeorm-client-account.repository';
import { openDataSource } from './data-source';
import { PostgresRevocationListener } from './postgres-revocation-listener';

let database: TestDatabase;
let dataSource: DataSource;

beforeAll(async () => {
  database = await createMigratedTestDatabase();
  dataSource = await openDataSource({ url: database.url, poolSize: 2 });
});

afterAll(async () => {
  await dataSource.destroy();
  await database.drop();
});

function recorder() {
  const heard: string[] = [];
  const waitFor = async (entry: string) => {
    for (let waited = 0; waited < 5_000; waited += 20) {
      if (heard.includes(entry)) return;
      await new Promise((tick) => setTimeout(tick, 20));
    }
    throw new Error(`never heard ${entry}: ${heard.join(', ')}`);
  };
  return {
    heard,
    waitFor,
    handlers: {
      revoked: (clientId: string) => heard.push(`revoked ${clientId}`),
      lost: () => heard.push('lost'),
      resumed: () => heard.push('resumed'),
    },
  };
}

describe('PostgresRevocationListener: a revocation reaches every instance through NOTIFY (issue 9: revocation within one second without Redis)', () => {
  const accounts = () => new TypeOrmClientAccountRepository(dataSource);
  const newAccount = async () => {
    const clientId = `cl_${randomBytes(12).toString('hex')}`;
    await accounts().create({ id: randomUUID(), clientId, name: 'Listener', secretHash: '0'.repeat(64), createdAt: new Date() });
    return clientId;
  };

  /** A listener started and subscribed for `use`, closed after it. */
  async function listening(use: (heard: string[], waitFor: (entry: string) => Promise<void>) => Promise<void>) {
    const { heard, waitFor, handlers } = recorder();
    const listener = new PostgresRevocationListener(database.url);
    listener.start(handlers);
    try {
      await waitFor('resumed');
      await use(heard, waitFor);
    } finally {
      await listener.close();
    }
  }

  it('the revoke statement announces the client id when it commits, and only then; a second revoke announces nothing', () =>
    listening(async (heard, waitFor) => {
      const clientId = await newAccount();
      const rolledBack = await newAccount();
      await dataSource
        .transaction(async (manager) => {
          await manager.query(`SELECT pg_notify('client_account_revoked', $1)`, [rolledBack]);
          throw new Error('roll back');
        })
        .catch(() => undefined);
      const started = Date.now();
      expect(await accounts().revoke(clientId, new Date())).toBe(true);
      await waitFor(`revoked ${clientId}`);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(await accounts().revoke(clientId, new Date())).toBe(false);
      await new Promise((tick) => setTimeout(tick, 200));
      expect(heard.filter((entry) => entry.startsWith('revoked'))).toEqual([`revoked ${clientId}`]);
    }));

  it('a lost connection is said at once, and LISTEN is in force again after reconnecting', () =>
    listening(async (heard, waitFor) => {
      await dataSource.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'mission-workforce-results-revocations' AND datname = current_database()`);
      await waitFor('lost');
      for (let waited = 0; heard.filter((entry) => entry === 'resumed').length < 2 && waited < 5_000; waited += 20) {
        await new Promise((tick) => setTimeout(tick, 20));
      }
      expect(heard.slice(0, 3)).toEqual(['resumed', 'lost', 'resumed']);
      const clientId = await newAccount();
      await accounts().revoke(clientId, new Date());
      await waitFor(`revoked ${clientId}`);
    }));
});
