// Two whole workers, each with its pg-boss job queue, started together on one database: the
// deliveries are shared between them, each sent once in the common case, none lost.
import { CreateDemandCommand, CreateWebhookCommand } from '@mwr/domain';
import { aDemandInput, type PersistenceHarness } from '@mwr/domain/testing';
import { openDataSource } from '@mwr/persistence';
import { createMigratedTestDatabase, type TestDatabase, typeOrmHarness } from '@mwr/persistence/testing';
import type { DataSource } from 'typeorm';
import { eventually, type RunningWorker, startReceiver, startWorker } from '../testing/worker-harness';

jest.setTimeout(60_000);

let database: TestDatabase;
let sql: DataSource;
let h: PersistenceHarness;

beforeAll(async () => {
  database = await createMigratedTestDatabase();
  sql = await openDataSource({ url: database.url, poolSize: 2 });
  h = typeOrmHarness(sql);
});

afterAll(async () => {
  await sql?.destroy();
  await database?.drop();
});

it('"two workers started together: every event delivered at least once, none twice in the common case", each by the job queue alone', async () => {
  const jobs = { sweepIntervalMs: 200, pollingIntervalSeconds: 0.5 };
  const receiver = await startReceiver();
  const workers: RunningWorker[] = await Promise.all([startWorker(database.url, { jobs }), startWorker(database.url, { jobs })]);
  try {
    const accountId = await h.fixtures.account();
    const mainMission = await h.fixtures.mainMission(accountId, { checkInCheckOut: false, requiresForm: false });
    await workers[0].commands.execute(new CreateWebhookCommand(accountId, { url: receiver.url, events: null }));
    const day = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    // Written while both workers sweep, by both, a few at a time.
    for (let i = 0; i < 12; i += 1) {
      await Promise.all(workers.map((w) => w.commands.execute(new CreateDemandCommand(accountId, aDemandInput({ missionMainId: mainMission, datePicked: day })))));
    }
    const events: string[] = (await sql.query(`SELECT id FROM events WHERE client_account_id = $1`, [accountId])).map((row: { id: string }) => row.id);
    expect(events).toHaveLength(24);

    await eventually(async () => {
      const [{ pending }] = await sql.query(`SELECT count(*)::int AS pending FROM webhook_deliveries WHERE status <> 'SUCCEEDED'`);
      return pending === 0;
    }, 30_000);
    const received = receiver.received.map((request) => request.headers['webhook-id']);
    expect(new Set(received)).toEqual(new Set(events));
    expect(received).toHaveLength(events.length);
    const attempts = await sql.query(`SELECT DISTINCT attempt FROM webhook_deliveries`);
    expect(attempts).toEqual([{ attempt: 1 }]);
  } finally {
    await Promise.all(workers.map((w) => w.close()));
    await receiver.close();
  }
});
