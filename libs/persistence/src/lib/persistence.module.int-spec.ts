import { Test } from '@nestjs/testing';
import { PdvResultsReadModel } from '@mwr/domain';
import { DataSource } from 'typeorm';
import { createMigratedTestDatabase, type TestDatabase } from '../testing/test-database';
import { LISTINGS_DATA_SOURCE, PersistenceModule } from './persistence.module';

describe('PersistenceModule', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
  });

  afterAll(async () => {
    await database?.drop();
  });

  it('reads the listings through a pool of their own that plans joins in the order written, and writes through another that does not', async () => {
    const module = await Test.createTestingModule({ imports: [PersistenceModule.forRoot({ databaseUrl: database.url, poolSize: 1 })] }).compile();
    await module.init();
    try {
      const setting = async (pool: DataSource) => (await pool.query('SHOW join_collapse_limit'))[0].join_collapse_limit;
      expect(await setting(module.get<DataSource>(LISTINGS_DATA_SOURCE))).toBe('1');
      expect(await setting(module.get(DataSource))).not.toBe('1');
      expect((module.get(PdvResultsReadModel) as unknown as { db: DataSource }).db).toBe(module.get(LISTINGS_DATA_SOURCE));
    } finally {
      await module.close();
    }
  });
});
