import { DataSource } from 'typeorm';
import { ORM_ENTITIES } from '../entities';
import { MIGRATIONS } from '../migrations';

export interface DataSourceOptions {
  url: string;
  poolSize?: number;
  /** Called when an idle pooled connection fails (a database restart, say); without a listener pg would crash the process. */
  onPoolError?: (error: Error) => void;
  applicationName?: string;
}

export function createDataSource(options: DataSourceOptions): DataSource {
  return new DataSource({
    type: 'postgres',
    url: options.url,
    entities: ORM_ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    migrationsRun: false,
    logging: false,
    applicationName: options.applicationName ?? 'mission-workforce-results',
    poolSize: options.poolSize ?? 10,
    extra: { connectionTimeoutMillis: 5_000 },
  });
}

/** Opens the pool and attaches the idle-error listener in one step, so no caller can forget it. */
export async function openDataSource(options: DataSourceOptions): Promise<DataSource> {
  const dataSource = createDataSource(options);
  await dataSource.initialize();
  const driver = dataSource.driver as unknown as { master?: { on(event: 'error', listener: (error: Error) => void): void } };
  driver.master?.on('error', options.onPoolError ?? (() => undefined));
  return dataSource;
}

export async function migrate(dataSource: DataSource): Promise<string[]> {
  const applied = await dataSource.runMigrations({ transaction: 'each' });
  return applied.map((migration) => migration.name);
}
