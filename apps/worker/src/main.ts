import 'reflect-metadata';
import type { LoggerService } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ConfigError, credentialsPepper, loadConfig } from '@mwr/config';
import { migrate, openDataSource, resolveDatabase } from '@mwr/persistence';
import pino, { type Logger } from 'pino';
import { WorkerModule } from './worker.module';

/** Nest's log lines as JSON lines, like the API's. */
class PinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = pino({ level: config.logLevel, base: { service: 'mission-workforce-results', app: 'worker' }, timestamp: pino.stdTimeFunctions.isoTime });
  // With the embedded default, the API's server is joined when it runs; else this process starts it.
  const database = await resolveDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    embeddedPort: config.embeddedPostgresPort,
    log: (line) => logger.debug({ component: 'embedded-postgres' }, line),
    warn: (line) => logger.warn({ component: 'embedded-postgres' }, line),
  });
  try {
    // As the API does: the schema is migrated on every start, under the migrations' lock.
    const setup = await openDataSource({ url: database.url, poolSize: 1, queryTimeoutMs: 0 });
    try {
      await migrate(setup);
    } finally {
      await setup.destroy();
    }
    const app = await NestFactory.createApplicationContext(
      WorkerModule.forRoot({ config, databaseUrl: database.url, credentialsPepper: credentialsPepper(config) }),
      { logger: new PinoLogger(logger) },
    );
    logger.info({ embeddedDatabase: database.embedded, reportTimeZone: config.reportTimeZone }, 'worker running: webhook deliveries, the clock, event retention');
    const shutdown = async (signal: NodeJS.Signals) => {
      logger.info({ signal }, 'worker shutting down');
      try {
        await app.close();
        await database.release();
        process.exit(0);
      } catch (error) {
        logger.error({ err: error }, 'shutdown failed');
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
