import { createMigratedTestDatabase, type TestDatabase } from '@mwr/persistence/testing';
import { Pool } from 'pg';
import { type RunningServer, startServer } from './server';
import { Fixtures } from './fixtures';

export interface E2eEnvironment {
  server: RunningServer;
  /** Direct SQL on the server's database, to arrange rows and to check what a request stored. */
  sql: Pool;
  databaseUrl: string;
  fixtures: Fixtures;
}

/**
 * One test file's world: a fresh migrated database and the real service on it. Call at the top of
 * a describe block; the returned object is filled in by beforeAll.
 */
export function useE2eEnvironment(env: Record<string, string> = {}): E2eEnvironment {
  const world = {} as E2eEnvironment;
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    world.databaseUrl = database.url;
    world.sql = new Pool({ connectionString: database.url, max: 4 });
    // An idle connection the server ends (a test stopping or dropping a database) must not crash the file.
    world.sql.on('error', () => undefined);
    world.fixtures = new Fixtures(world.sql);
    world.server = await startServer({ DATABASE_URL: database.url, ...env });
  }, 60_000);
  afterAll(async () => {
    await world.server?.stop();
    await world.sql?.end();
    await database?.drop();
  }, 60_000);
  return world;
}
