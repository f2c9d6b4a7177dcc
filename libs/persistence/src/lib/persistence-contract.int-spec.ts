import { describePersistenceContract } from '@mwr/domain/testing';
import type { DataSource } from 'typeorm';
import { openDataSource } from './database/data-source';
import { typeOrmHarness } from '../testing/typeorm-harness';

let dataSource: DataSource;

beforeAll(async () => {
  dataSource = await openDataSource({ url: process.env['MWR_TEST_DATABASE_URL'] as string, poolSize: 4 });
});

afterAll(async () => {
  await dataSource.destroy();
});

describePersistenceContract('TypeORM on PostgreSQL', () => typeOrmHarness(dataSource));
