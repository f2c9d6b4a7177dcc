import 'reflect-metadata';
import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type AppConfig, ConfigError, credentialsPepper, loadConfig } from '@mwr/config';
import { keepingShutdownSignals, migrateDatabase, resolveDatabase } from '@mwr/persistence';
import { WorkerModule } from './worker.module';

/** Nest's levels at and above the configured one. */
function logLevels(level: AppConfig['logLevel']): LogLevel[] {
  const order: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];
  const upTo = { fatal: 0, error: 1, warn: 2, info: 3, debug: 4, trace: 5, silent: -1 }[level];
  return order.slice(0, upTo + 1);
}

async function main(): Promise<void> {
  const config = loadConfig();
  // JSON lines on stdout, as the API writes them.
  const logger = new ConsoleLogger('Worker', { json: true, logLevels: logLevels(config.logLevel) });
  // With the embedded default, the API's server is joined when it runs; else this process starts it.
  const database = await keepingShutdownSignals(() =>
    resolveDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      embeddedPort: config.embeddedPostgresPort,
      log: (line) => logger.debug(line, 'EmbeddedPostgres'),
      warn: (line) => logger.warn(line, 'EmbeddedPostgres'),
    }),
  );
  try {
    // As the API does: the schema is migrated on every start, under the migrations' lock.
    await migrateDatabase(database.url);
    const app = await NestFactory.createApplicationContext(
      WorkerModule.forRoot({ config, databaseUrl: database.url, credentialsPepper: credentialsPepper(config) }),
      { logger },
    );
    logger.log(`worker running (${database.embedded ? 'embedded database' : 'DATABASE_URL'}, REPORT_TIME_ZONE ${config.reportTimeZone}): webhook deliveries, the clock, event retention`);
    const shutdown = async (signal: NodeJS.Signals) => {
      logger.log(`worker shutting down (${signal})`);
      try {
        await app.close();
        await database.release();
        process.exit(0);
      } catch (error) {
        logger.error(`shutdown failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        process.exit(1);
      }
    };
    process.once('SIGTERM', (signal) => void shutdown(signal));
    process.once('SIGINT', (signal) => void shutdown(signal));
  } catch (error) {
    await database.release().catch(() => undefined);
    throw error;
  }
}

main().catch((error: unknown) => {
  process.stderr.write(error instanceof ConfigError ? `${error.message}\n` : `Worker failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
