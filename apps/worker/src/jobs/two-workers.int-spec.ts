// Two whole workers, each with its pg-boss job queue, started together on one database: the
// deliveries and the clock's work are shared between them; each event is sent once in the common
// case, none is lost, and no participant is expired twice.
import { AcceptPlaceCommand, CreateDemandCommand, CreateWebhookCommand, MissionStatus, type ParticipantState } from '@mwr/domain';
import { aDemandInput, FixedClock, type PersistenceHarness } from '@mwr/domain/testing';
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

it('"two workers started together: every event delivered at least once, none twice in the common case, no participant expired twice", each by the job queue alone', async () => {
  const clock = new FixedClock(new Date('2026-11-21T10:00:00.000Z'));
  const receiver = await startReceiver();
  const workers: RunningWorker[] = [];
  try {
    // Before the workers: an account with an endpoint, and ten participants WAITING on a mission of 2026-12-03.
    const setup = await startWorker(database.url, { clock });
    workers.push(setup);
    const accountId = await h.fixtures.account();
    const mainMission = await h.fixtures.mainMission(accountId, { checkInCheckOut: false, requiresForm: false });
    await setup.commands.execute(new CreateWebhookCommand(accountId, { url: receiver.url, events: null }));
    const { demandId } = await setup.commands.execute(new CreateDemandCommand(accountId, aDemandInput({ missionMainId: mainMission, datePicked: '2026-12-03', participants: 10 })));
    const [mission] = await sql.query(`SELECT mb_key FROM missions WHERE demand_id = $1`, [demandId]);
    const muKeys: string[] = [];
    for (let i = 0; i < 10; i += 1) {
      const participant: ParticipantState = await setup.commands.execute(new AcceptPlaceCommand(accountId, mission.mb_key, { userName: `P${i}` }));
      muKeys.push(participant.muKey);
    }
    // Their day is over when the two workers start: each worker's first tick finds all ten.
    clock.current = new Date('2026-12-10T12:00:00.000Z');
    const jobs = { sweepIntervalMs: 200, pollingIntervalSeconds: 0.5 };
    workers.push(...(await Promise.all([startWorker(database.url, { clock, jobs }), startWorker(database.url, { clock, jobs })])));
    // Written while both workers sweep, by both, a few at a time.
    for (let i = 0; i < 12; i += 1) {
      await Promise.all(
        workers.slice(1).map((w) => w.commands.execute(new CreateDemandCommand(accountId, aDemandInput({ missionMainId: mainMission, datePicked: '2026-12-20' })))),
      );
    }

    await eventually(async () => {
      const [{ waiting }] = await sql.query(`SELECT count(*)::int AS waiting FROM missions_users WHERE mu_key = ANY ($1) AND status <> $2`, [muKeys, MissionStatus.EXPIRED]);
      const [{ pending }] = await sql.query(`SELECT count(*)::int AS pending FROM webhook_deliveries WHERE status <> 'SUCCEEDED'`);
      return waiting === 0 && pending === 0;
    }, 30_000);
    const events: { id: string; type: string; mu_key: string | null }[] = await sql.query(
      `SELECT id, type, data->>'muKey' AS mu_key FROM events WHERE client_account_id = $1`,
      [accountId],
    );
    // 1 + 24 demands, 10 expiries: one event each, however many workers ticked.
    expect(events.filter((event) => event.type === 'demand.created')).toHaveLength(25);
    const expiries = events.filter((event) => event.type === 'participant.status_changed').map((event) => event.mu_key);
    expect(expiries.sort()).toEqual([...muKeys].sort());

    const received = receiver.received.map((request) => request.headers['webhook-id']);
    expect(new Set(received)).toEqual(new Set(events.map((event) => event.id)));
    expect(received).toHaveLength(events.length);
    expect(await sql.query(`SELECT DISTINCT attempt FROM webhook_deliveries`)).toEqual([{ attempt: 1 }]);
  } finally {
    await Promise.all(workers.map((w) => w.close()));
    await receiver.close();
  }
});
