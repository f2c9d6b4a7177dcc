// A fresh, uniquely named database per test suite, so that suites, runs and Nx projects running at
// once never share state. The server is TEST_DATABASE_URL's: CI's PostgreSQL, or the embedded one
// that tools/jest/test-postgres.cjs starts for a run when none is given.
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { migrate, openDataSource } from '../lib/database/data-source';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Refuses any database whose name does not say it is for tests: tests drop what they create. */
export function assertTestDatabase(url: string): void {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/test/i.test(name)) {
    throw new Error(`Refusing to run tests against database "${name}": its name must contain "test"`);
  }
}

function serverUrl(): string {
  const url = process.env['TEST_DATABASE_URL'];
  if (!url) throw new Error('TEST_DATABASE_URL is not set: run database tests through their Jest config (npm test)');
  assertTestDatabase(url);
  return url;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = serverUrl();
  const name = `test_mwr_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const withAdmin = async (sql: string) => {
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await withAdmin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => withAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A fresh test database with the schema migrated: what every database test suite starts from. */
export async function createMigratedTestDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  const dataSource = await openDataSource({ url: database.url, poolSize: 1, queryTimeoutMs: 0 });
  try {
    await migrate(dataSource);
  } finally {
    await dataSource.destroy();
  }
  return database;
}
