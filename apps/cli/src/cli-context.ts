import { type DynamicModule, type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { type AppConfig, credentialsPepper } from '@mwr/config';
import { domainProviders } from '@mwr/domain';
import { migrate, openDataSource, PersistenceModule, resolveDatabase, type ResolvedDatabase } from '@mwr/persistence';

type DataSource = Awaited<ReturnType<typeof openDataSource>>;

@Module({})
class CliModule {
  static forRoot(config: AppConfig, databaseUrl: string): DynamicModule {
    return {
      module: CliModule,
      // One command at a time: a small pool is plenty.
      imports: [CqrsModule.forRoot(), PersistenceModule.forRoot({ databaseUrl, poolSize: 2 })],
      providers: [...domainProviders({ ...config, credentialsPepper: credentialsPepper(config) })],
    };
  }
}

/**
 * The configured database, or the embedded one: joined when the service already runs it, else
 * started for this command and stopped after it.
 */
async function withDatabase<T>(config: AppConfig, use: (database: ResolvedDatabase) => Promise<T>): Promise<T> {
  const database = await resolveDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    embeddedPort: config.embeddedPostgresPort,
    warn: (line) => process.stderr.write(`note: ${line}\n`),
  });
  try {
    return await use(database);
  } finally {
    await database.release();
  }
}

async function withPool<T>(url: string, use: (dataSource: DataSource) => Promise<T>): Promise<T> {
  // No statement limit: an operator's migration or seed may rightly run for minutes. Two
  // connections: the seed writes chunks on both at once.
  const dataSource = await openDataSource({ url, poolSize: 2, applicationName: 'mission-workforce-results-cli', queryTimeoutMs: 0 });
  try {
    return await use(dataSource);
  } finally {
    await dataSource.destroy();
  }
}

/** A bare connection pool, for the commands that need no domain. */
export function withDataSource<T>(config: AppConfig, use: (dataSource: DataSource) => Promise<T>): Promise<T> {
  return withDatabase(config, (database) => withPool(database.url, use));
}

/** Runs `use` inside a Nest application context wired like the service, and always closes it. */
export function withApplication<T>(config: AppConfig, use: (app: INestApplicationContext) => Promise<T>): Promise<T> {
  return withDatabase(config, async (database) => {
    // A fresh clone may run the CLI before the service ever started, so the embedded database is
    // migrated first. A server named by DATABASE_URL is migrated only when asked (`db migrate`).
    if (database.embedded) await withPool(database.url, migrate);
    // logger: false keeps stdout for the command's JSON; abortOnError: false makes a failed boot
    // an exception the CLI reports instead of an abort.
    const app = await NestFactory.createApplicationContext(CliModule.forRoot(config, database.url), {
      logger: false,
      abortOnError: false,
    });
    try {
      return await use(app);
    } finally {
      await app.close();
    }
  });
}
