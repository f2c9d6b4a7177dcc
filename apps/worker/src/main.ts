import 'reflect-metadata';
import type { Server } from 'node:http';
import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type AppConfig, ConfigError, credentialsPepper, loadConfig } from '@mwr/config';
import { closeMetricsServer, enableProcessMetrics, startMetricsServer } from '@mwr/metrics';
import { keepingShutdownSignals, migrateDatabase, resolveDatabase } from '@mwr/persistence';
import { WorkerModule } from './worker.module';

/** A start refused for a reason the operator can fix, said in one line. */
class StartupError extends Error {}

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
  // First: a busy port stops the start before a database is started or joined.
  const metricsServer = config.workerMetricsPort === null ? null : await serveMetrics(config.host, config.workerMetricsPort);
  const closeMetrics = async () => {
    if (metricsServer) await closeMetricsServer(metricsServer);
  };
  // With the embedded default, the API's server is joined when it runs; else this process starts it.
  const database = await keepingShutdownSignals(() =>
    resolveDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      embeddedPort: config.embeddedPostgresPort,
      log: (line) => logger.debug(line, 'EmbeddedPostgres'),
      warn: (line) => logger.warn(line, 'EmbeddedPostgres'),
    }),
  ).catch(async (error: unknown) => {
    await closeMetrics();
    throw error;
  });
  try {
    // As the API does: the schema is migrated on every start, under the migrations' lock.
    await migrateDatabase(database.url);
    const app = await NestFactory.createApplicationContext(
      WorkerModule.forRoot({ config, databaseUrl: database.url, credentialsPepper: credentialsPepper(config) }),
      { logger },
    );
    logger.log(`worker running (${database.embedded ? 'embedded database' : 'DATABASE_URL'}, REPORT_TIME_ZONE ${config.reportTimeZone}): webhook deliveries, the clock, event retention`);
    if (metricsServer) logger.log(`metrics listening on ${config.host}:${config.workerMetricsPort}`);
    const shutdown = async (signal: NodeJS.Signals) => {
      logger.log(`worker shutting down (${signal})`);
      try {
        // Jobs in hand finish first; their counts stay scrapable until then.
        await app.close();
        await closeMetrics();
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
    await closeMetrics().catch(() => undefined);
    await database.release().catch(() => undefined);
    throw error;
  }
}

/** `GET /metrics` on WORKER_METRICS_PORT, with Node's own metrics; a port that cannot be bound is said in one line. */
async function serveMetrics(host: string, port: number): Promise<Server> {
  enableProcessMetrics();
  try {
    return await startMetricsServer(host, port);
  } catch (error) {
    throw new StartupError(`WORKER_METRICS_PORT ${port} on ${host} cannot be listened on (${error instanceof Error ? error.message : String(error)}); set WORKER_METRICS_PORT to a free port`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(error instanceof ConfigError || error instanceof StartupError ? `${error.message}\n` : `Worker failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
