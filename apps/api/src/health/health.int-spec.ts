import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig } from '@mwr/config';
import { migrate, openDataSource } from '@mwr/persistence';
import { createMigratedTestDatabase, freePort, PrivatePostgresProcess, StallingProxy, type TestDatabase } from '@mwr/persistence/testing';
import pino from 'pino';
import request from 'supertest';
import { AppModule } from '../app.module';
import { configureApp, createHttpAdapter } from '../configure-app';

const PEPPER = 'int-spec-pepper-0123456789abcdef0123456789';

/** The real app, in process, on the database and settings given. */
async function startApp(databaseUrl: string, env: Record<string, string> = {}): Promise<INestApplication> {
  const config = loadConfig({ DATABASE_URL: databaseUrl, CREDENTIALS_PEPPER: PEPPER, ...env });
  const app = await NestFactory.create<NestFastifyApplication>(
    AppModule.forRoot({ config, databaseUrl, credentialsPepper: PEPPER }),
    createHttpAdapter(config),
    { bodyParser: false, logger: false },
  );
  configureApp(app, pino({ level: 'silent' }), config);
  await app.init();
  // Fastify finishes its routes and hooks when ready, which listen() would wait for.
  await app.getHttpAdapter().getInstance().ready();
  return app;
}

/** Polls `probe` until it answers `status`, for at most `withinMs`; the last answer either way. */
async function until(probe: () => Promise<request.Response>, status: number, withinMs: number): Promise<request.Response> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const res = await probe();
    if (res.status === status || Date.now() > deadline) return res;
    await new Promise((tick) => setTimeout(tick, 200));
  }
}

describe('GET /health/ready while the database is stopped (issue 9: "/health/ready says 503 while the database is down")', () => {
  // A PostgreSQL of this file's own: the shared server is never stopped.
  let postgres: PrivatePostgresProcess;
  let app: INestApplication;

  beforeAll(async () => {
    postgres = await PrivatePostgresProcess.start();
    const setup = await openDataSource({ url: postgres.url, poolSize: 1, queryTimeoutMs: 0 });
    await migrate(setup).finally(() => setup.destroy());
    app = await startApp(postgres.url);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await postgres?.remove();
  }, 60_000);

  it('200 while it runs; 503 within 2 s of a probe once it is stopped, while /health/live stays 200; 200 again once it is back', async () => {
    const ready = () => request(app.getHttpServer()).get('/health/ready');
    const up = await ready();
    expect(up.status).toBe(200);
    expect(up.body).toEqual({
      status: 'ok',
      info: { database: { status: 'up', responseTime: expect.any(Number) } },
      error: {},
      details: { database: { status: 'up', responseTime: expect.any(Number) } },
    });

    await postgres.stopServer();
    const started = Date.now();
    const down = await ready();
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(down.status).toBe(503);
    expect(down.body).toEqual({
      status: 'error',
      info: {},
      error: { database: { status: 'down', message: 'unreachable', responseTime: expect.any(Number) } },
      details: { database: { status: 'down', message: 'unreachable', responseTime: expect.any(Number) } },
    });
    expect((await request(app.getHttpServer()).get('/health/live')).body).toEqual({ status: 'ok', info: {}, error: {}, details: {} });
    expect((await request(app.getHttpServer()).get('/health')).body).toEqual({ status: 'unavailable', database: 'down' });

    await postgres.startServer();
    const back = await until(ready, 200, 10_000);
    expect(back.status).toBe(200);
    expect(back.body.status).toBe('ok');
  }, 60_000);
});

describe('GET /health/ready with a database that stalls (connections open, no answers)', () => {
  let database: TestDatabase;
  let proxy: StallingProxy;
  let app: INestApplication;

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    proxy = await StallingProxy.start(database.url);
    // Longer waits than the probe's own, so that the probe's 2 s is what answers.
    app = await startApp(proxy.url, { DATABASE_ACQUIRE_TIMEOUT_MS: '10000', DATABASE_TIMEOUT_MS: '20000' });
  }, 60_000);

  afterAll(async () => {
    proxy?.resume();
    await app?.close();
    await proxy?.close();
    await database?.drop();
  }, 60_000);

  it('says 503 after the same 2 s as GET /health, not after the statement timeout', async () => {
    expect((await request(app.getHttpServer()).get('/health/ready')).status).toBe(200);
    proxy.stall();
    const started = Date.now();
    const [ready, health] = await Promise.all([request(app.getHttpServer()).get('/health/ready'), request(app.getHttpServer()).get('/health')]);
    const waited = Date.now() - started;
    expect(ready.status).toBe(503);
    expect(ready.body.error).toEqual({ database: { status: 'down', message: 'timeout of 2000ms exceeded', responseTime: expect.any(Number) } });
    expect(health.status).toBe(503);
    expect(waited).toBeGreaterThanOrEqual(1_900);
    expect(waited).toBeLessThan(3_000);
  }, 30_000);
});

describe('GET /health/ready and Redis (REDIS_URL set): the cache is optional, so Redis down leaves the instance ready, reported degraded', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
  }, 60_000);

  afterAll(async () => {
    await database?.drop();
  });

  it('with REDIS_URL on a port where nothing listens: 200, status degraded, redis degraded and the database up', async () => {
    const app = await startApp(database.url, { REDIS_URL: `redis://127.0.0.1:${await freePort()}` });
    try {
      const res = await request(app.getHttpServer()).get('/health/ready');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        status: 'degraded',
        info: {
          database: { status: 'up', responseTime: expect.any(Number) },
          redis: { status: 'degraded', message: 'unreachable: report listings are read from the database' },
        },
        error: {},
        details: {
          database: { status: 'up', responseTime: expect.any(Number) },
          redis: { status: 'degraded', message: 'unreachable: report listings are read from the database' },
        },
      });
    } finally {
      await app.close();
    }
  }, 30_000);

  const redisUrl = process.env['TEST_REDIS_URL'];
  (redisUrl ? it : it.skip)('with a Redis that answers (TEST_REDIS_URL): 200, status ok, redis up', async () => {
    const app = await startApp(database.url, { REDIS_URL: redisUrl as string });
    try {
      const res = await request(app.getHttpServer()).get('/health/ready');
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('ok');
      expect(res.body.details.redis).toEqual({ status: 'up' });
    } finally {
      await app.close();
    }
  }, 30_000);

  it('without REDIS_URL, readiness asks the database only', async () => {
    const app = await startApp(database.url);
    try {
      const res = await request(app.getHttpServer()).get('/health/ready');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.details)).toEqual(['database']);
    } finally {
      await app.close();
    }
  }, 30_000);
});

describe('GET /health/ready with a read replica (DATABASE_REPLICA_URL): one that does not answer is reported degraded, and the instance stays ready', () => {
  let database: TestDatabase;
  let replica: StallingProxy;
  let app: INestApplication;

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    // Readiness only asks the replica's pool for `SELECT 1`: a proxy to the same database stands in for it.
    replica = await StallingProxy.start(database.url);
    app = await startApp(database.url, { DATABASE_REPLICA_URL: replica.url, DATABASE_ACQUIRE_TIMEOUT_MS: '10000' });
  }, 60_000);

  afterAll(async () => {
    replica?.resume();
    await app?.close();
    await replica?.close();
    await database?.drop();
  }, 60_000);

  it('replica up: 200 ok; replica stalled: 200 degraded after 2 s, the primary still up', async () => {
    const first = await request(app.getHttpServer()).get('/health/ready');
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('ok');
    expect(first.body.details.replica).toEqual({ status: 'up', responseTime: expect.any(Number) });
    replica.stall();
    const stalled = await request(app.getHttpServer()).get('/health/ready');
    expect(stalled.status).toBe(200);
    expect(stalled.body.status).toBe('degraded');
    expect(stalled.body.details).toEqual({
      database: { status: 'up', responseTime: expect.any(Number) },
      replica: { status: 'degraded', message: 'unreachable: the listings and the events feed answer 503; writes go on' },
    });
  }, 30_000);
});
