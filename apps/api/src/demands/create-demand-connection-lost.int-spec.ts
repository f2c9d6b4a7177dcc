import { randomUUID } from 'node:crypto';
import type { INestApplication } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { NestFactory } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig } from '@mwr/config';
import { CreateClientAccountCommand } from '@mwr/domain';
import { DemandOrmEntity, MissionOrmEntity } from '@mwr/persistence';
import { createMigratedTestDatabase, type TestDatabase } from '@mwr/persistence/testing';
import { Pool } from 'pg';
import pino from 'pino';
import request from 'supertest';
import { DataSource, type EntitySubscriberInterface, type InsertEvent } from 'typeorm';
import { AppModule } from '../app.module';
import { configureApp, createHttpAdapter } from '../configure-app';

const PEPPER = 'int-spec-pepper-0123456789abcdef0123456789';

/**
 * Subscribed to the app's own data source by the test: right after a row of `table` is inserted
 * (the demand, or its missions), it terminates the transaction's backend and waits until the
 * driver has noticed, so the next statement of the transaction finds its connection gone.
 */
class TerminateAfterInsert implements EntitySubscriberInterface<DemandOrmEntity | MissionOrmEntity> {
  terminated = 0;
  table: typeof DemandOrmEntity | typeof MissionOrmEntity = DemandOrmEntity;
  constructor(private readonly admin: Pool) {}

  listenTo() {
    return this.table;
  }

  async afterInsert(event: InsertEvent<DemandOrmEntity | MissionOrmEntity>): Promise<void> {
    const [{ pid }] = await event.queryRunner.query('SELECT pg_backend_pid() AS pid');
    await this.admin.query('SELECT pg_terminate_backend($1)', [pid]);
    this.terminated += 1;
    for (let waited = 0; !event.queryRunner.isReleased && waited < 5_000; waited += 10) {
      await new Promise((tick) => setTimeout(tick, 10));
    }
  }
}

describe('create demand: the connection lost in the middle of its transaction (contract section 3: 503, never 500)', () => {
  let database: TestDatabase;
  let admin: Pool;
  let app: INestApplication;
  let subscriber: TerminateAfterInsert;
  let headers: Record<string, string>;
  let mainMissionId: string;
  let accountId: string;

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    admin = new Pool({ connectionString: database.url, max: 2 });
    const config = loadConfig({ DATABASE_URL: database.url, CREDENTIALS_PEPPER: PEPPER, RATE_LIMIT_PER_MINUTE: '0' });
    const nest = await NestFactory.create<NestFastifyApplication>(
      AppModule.forRoot({ config, databaseUrl: database.url, credentialsPepper: PEPPER }),
      createHttpAdapter(config),
      { bodyParser: false, logger: false },
    );
    configureApp(nest, pino({ level: 'silent' }), config);
    await nest.init();
    // Fastify finishes its routes and hooks when ready, which listen() would wait for.
    await nest.getHttpAdapter().getInstance().ready();
    app = nest;
    const { clientId, clientSecret } = await app.get(CommandBus).execute(new CreateClientAccountCommand('Lost connection'));
    headers = { 'client-id': clientId, 'client-secret': clientSecret };
    accountId = (await admin.query('SELECT id FROM client_accounts WHERE client_id = $1', [clientId])).rows[0].id;
    const subcategoryId = randomUUID();
    mainMissionId = randomUUID();
    await admin.query(
      `INSERT INTO subcategories (id, client_account_id, name, check_in_check_out, requires_form) VALUES ($1, $2, 'Sub', false, false)`,
      [subcategoryId, accountId],
    );
    await admin.query(
      `INSERT INTO main_missions (id, client_account_id, subcategory_id, name, check_in_check_out) VALUES ($1, $2, $3, 'Mission', false)`,
      [mainMissionId, accountId, subcategoryId],
    );
    subscriber = new TerminateAfterInsert(admin);
    app.get(DataSource).subscribers.push(subscriber);
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await admin?.end();
    await database?.drop();
  });

  const stored = async (table: string) =>
    Number((await admin.query(`SELECT count(*) FROM ${table} WHERE client_account_id = $1`, [accountId])).rows[0].count);

  // After the missions, the next statement is the COMMIT, or with a key the key's completion, which
  // TypeORM refuses with another error class than the inserts do.
  it.each([
    ['after the demand row, without an Idempotency-Key', DemandOrmEntity, {}],
    ['after the demand row, with an Idempotency-Key, whose claim is given back', DemandOrmEntity, { 'Idempotency-Key': 'lost-connection-1' }],
    ['after the missions, without an Idempotency-Key', MissionOrmEntity, {}],
    ['after the missions, with an Idempotency-Key, whose claim is given back', MissionOrmEntity, { 'Idempotency-Key': 'lost-connection-2' }],
  ])('%s: 503 "Service unavailable", and nothing is left behind', async (_case, table, extra) => {
    subscriber.table = table;
    const before = subscriber.terminated;
    const res = await request(app.getHttpServer())
      .post('/v1/missions/demands')
      .set(headers)
      .set(extra)
      .send({ missionMainId: mainMissionId, datePicked: '2026-12-01', participants: 1 });
    expect(subscriber.terminated).toBe(before + 1);
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ error: 'Service unavailable' });
    expect(await stored('demands')).toBe(0);
    expect(await stored('missions')).toBe(0);
    expect(await stored('idempotency_keys')).toBe(0);
  });
});
