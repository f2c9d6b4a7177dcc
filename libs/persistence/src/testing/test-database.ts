// A fresh, uniquely named database per test run, so that runs (and Nx projects running at once)
// never share state: on TEST_DATABASE_URL's server when it is set, else on an embedded server.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { migrate, openDataSource } from '../lib/database/data-source';
import { startEmbeddedPostgres } from '../lib/database/embedded-postgres';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

const EMBEDDED_PREFIX = 'mwr-test-pg-';

/** Refuses any database whose name does not say it is for tests: tests drop what they create. */
export function assertTestDatabase(url: string): void {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/test/i.test(name)) {
    throw new Error(`Refusing to run tests against database "${name}": its name must contain "test"`);
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    return Number.isInteger(pid) && process.kill(pid, 0);
  } catch {
    return false;
  }
}

/** Removes embedded servers' folders left behind by killed runs. */
function cleanAbandonedEmbeddedServers(): void {
  for (const entry of readdirSync(tmpdir())) {
    if (!entry.startsWith(EMBEDDED_PREFIX)) continue;
    const dir = join(tmpdir(), entry);
    const pidFile = join(dir, 'owner.pid');
    const owner = existsSync(pidFile) ? Number(readFileSync(pidFile, 'utf8')) : NaN;
    if (!isAlive(owner)) rmSync(dir, { recursive: true, force: true });
  }
}

async function serverUrl(): Promise<{ adminUrl: string; stop: () => Promise<void> }> {
  const given = process.env['TEST_DATABASE_URL'];
  if (given) {
    assertTestDatabase(given);
    return { adminUrl: given, stop: async () => undefined };
  }
  cleanAbandonedEmbeddedServers();
  const directory = join(tmpdir(), `${EMBEDDED_PREFIX}${process.pid}-${randomBytes(4).toString('hex')}`);
  mkdirSync(directory, { recursive: true });
  writeFileSync(join(directory, 'owner.pid'), String(process.pid));
  const server = await startEmbeddedPostgres({ directory, port: await freePort(), persistent: false });
  return {
    adminUrl: server.url,
    stop: async () => {
      await server.stop();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const { adminUrl, stop } = await serverUrl();
  const name = `test_mwr_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
      await stop();
    },
  };
}

/** A fresh test database with the schema migrated: what every database test suite starts from. */
export async function createMigratedTestDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  const dataSource = await openDataSource({ url: database.url, poolSize: 1 });
  try {
    await migrate(dataSource);
  } finally {
    await dataSource.destroy();
  }
  return database;
}
