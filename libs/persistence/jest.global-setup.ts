import { createMigratedTestDatabase } from './src/testing/test-database';

export default async function setup(): Promise<void> {
  const database = await createMigratedTestDatabase();
  process.env['MWR_TEST_DATABASE_URL'] = database.url;
  (globalThis as { __testDatabase?: typeof database }).__testDatabase = database;
}
