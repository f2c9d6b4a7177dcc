import { describeOutboxContract, describePersistenceContract } from '@mwr/domain/testing';
import type { DataSource } from 'typeorm';
import { openDataSource } from './database/data-source';
import { createMigratedTestDatabase, type TestDatabase } from '../testing/test-database';
import { typeOrmHarness } from '../testing/typeorm-harness';

let database: TestDatabase;
let dataSource: DataSource;

beforeAll(async () => {
  database = await createMigratedTestDatabase();
  dataSource = await openDataSource({ url: database.url, poolSize: 4 });
});

afterAll(async () => {
  await dataSource.destroy();
  await database.drop();
});

describePersistenceContract('TypeORM on PostgreSQL', () => typeOrmHarness(dataSource));
describeOutboxContract('TypeORM on PostgreSQL', () => typeOrmHarness(dataSource));
