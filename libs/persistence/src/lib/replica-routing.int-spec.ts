import { CqrsModule, CommandBus, QueryBus } from '@nestjs/cqrs';
import { Test, type TestingModule } from '@nestjs/testing';
import {
  AuthenticateClientQuery,
  CreateClientAccountCommand,
  CreateDemandCommand,
  DeliveryResultsReadModel,
  domainProviders,
  FormAnswersReadModel,
  GetDemandQuery,
  ListEventsQuery,
  PdvResultsReadModel,
  RegisterResultsReadModel,
  WorkforceResultsReadModel,
} from '@mwr/domain';
import { aDemandInput } from '@mwr/domain/testing';
import { DataSource } from 'typeorm';
import { startPrimaryAndReplica, type PrimaryAndReplica } from '../testing/streaming-replica';
import { typeOrmHarness } from '../testing/typeorm-harness';
import { migrate, openDataSource } from './database/data-source';
import { LISTINGS_DATA_SOURCE, PersistenceModule } from './persistence.module';

const PEPPER = 'replica-spec-pepper-0123456789abcdef0123456789';

/**
 * Issue 9: with DATABASE_REPLICA_URL set, the five listings and the events feed read the replica;
 * every write and every read of what was just written (credentials, idempotency keys, the created
 * demand) stays on the primary. Against a real streaming replica whose replay the test pauses, so
 * that "read on the replica" shows as "not there yet".
 */
describe('read replica routing (docs/adr/0020)', () => {
  let servers: PrimaryAndReplica;
  let module: TestingModule;

  beforeAll(async () => {
    servers = await startPrimaryAndReplica();
    const admin = await openDataSource({ url: servers.primaryUrl, poolSize: 1, queryTimeoutMs: 0 });
    await migrate(admin);
    await admin.destroy();
    await servers.caughtUp();
    module = await Test.createTestingModule({
      imports: [CqrsModule.forRoot(), PersistenceModule.forRoot({ databaseUrl: servers.primaryUrl, replicaUrl: servers.replicaUrl, poolSize: 2 })],
      providers: [...domainProviders({ reportTimeZone: 'America/Sao_Paulo', slaToleranceMinutes: 15, credentialsPepper: PEPPER, webhooksAllowHttp: false })],
    }).compile();
    await module.init();
  }, 120_000);

  afterAll(async () => {
    await module?.close();
    await servers?.stop();
  });

  afterEach(async () => {
    await servers.resumeReplay();
  });

  const inRecovery = async (pool: DataSource) => (await pool.query('SELECT pg_is_in_recovery() AS standby'))[0].standby as boolean;

  /** A client account made through the domain, authenticated, with a main mission to order. */
  async function anAccountWithMission(name: string): Promise<{ accountId: string; mainMissionId: string }> {
    const { clientId, clientSecret } = await module.get(CommandBus).execute(new CreateClientAccountCommand(name));
    const accountId = (await module.get(QueryBus).execute(new AuthenticateClientQuery(clientId, clientSecret))) as string;
    expect(accountId).toEqual(expect.any(String));
    const mainMissionId = await typeOrmHarness(module.get(DataSource)).fixtures.mainMission(accountId, { checkInCheckOut: false, requiresForm: false });
    return { accountId, mainMissionId };
  }

  it('the five listings read through the pool on the replica; writes and every other read through the pool on the primary', async () => {
    const listings = module.get<DataSource>(LISTINGS_DATA_SOURCE);
    expect(await inRecovery(listings)).toBe(true);
    expect(await inRecovery(module.get(DataSource))).toBe(false);
    for (const readModel of [FormAnswersReadModel, WorkforceResultsReadModel, DeliveryResultsReadModel, PdvResultsReadModel, RegisterResultsReadModel]) {
      expect((module.get(readModel) as unknown as { db: DataSource }).db).toBe(listings);
    }
  });

  it('while the replica lags: new credentials authenticate and a created demand is found (primary), its event is not in the feed until the replica replays it', async () => {
    const commands = module.get(CommandBus);
    const queries = module.get(QueryBus);
    await servers.pauseReplay();

    const { accountId, mainMissionId } = await anAccountWithMission('Lagging replica');
    const { demandId } = await commands.execute(new CreateDemandCommand(accountId, aDemandInput({ missionMainId: mainMissionId, participants: 1 })));
    expect(await queries.execute(new GetDemandQuery(accountId, demandId))).toMatchObject({ id: demandId });

    const feed = (after: string | null = null) => queries.execute(new ListEventsQuery(accountId, { after, types: null, limit: 100 }));
    expect((await feed()).data).toEqual([]);

    await servers.resumeReplay();
    await servers.caughtUp();
    const { data } = await feed();
    expect(data.map((event: { type: string }) => event.type)).toEqual(['demand.created']);
  });

  it('a cursor the replica has not replayed yet (an event a webhook just delivered) is read from the primary, not refused', async () => {
    const commands = module.get(CommandBus);
    const queries = module.get(QueryBus);
    const { accountId, mainMissionId } = await anAccountWithMission('Cursor ahead of the replica');
    const demand = (datePicked: string) => commands.execute(new CreateDemandCommand(accountId, aDemandInput({ missionMainId: mainMissionId, datePicked, participants: 1 })));
    await servers.pauseReplay();
    await demand('2026-12-01');
    await demand('2026-12-02');
    const [first] = await module.get(DataSource).query(`SELECT id FROM events WHERE client_account_id = $1 ORDER BY position LIMIT 1`, [accountId]);

    const page = await queries.execute(new ListEventsQuery(accountId, { after: first.id, types: null, limit: 100 }));
    expect(page.data).toHaveLength(1);
    expect(page.data[0]).toMatchObject({ type: 'demand.created' });
    expect(page.data[0].id).not.toBe(first.id);
  });
});
