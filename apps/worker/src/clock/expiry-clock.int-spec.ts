// The clock on a real PostgreSQL, through the domain's own commands: who expires, exactly when,
// in two report time zones, and never twice, however many workers tick at once.
import { AcceptPlaceCommand, CreateDemandCommand, MissionStatus, type ParticipantState, ParticipantProgressCommand } from '@mwr/domain';
import { aDemandInput, FixedClock, type PersistenceHarness } from '@mwr/domain/testing';
import { openDataSource } from '@mwr/persistence';
import { createMigratedTestDatabase, type TestDatabase, typeOrmHarness } from '@mwr/persistence/testing';
import type { DataSource } from 'typeorm';
import { metricValue, type RunningWorker, startWorker } from '../testing/worker-harness';

jest.setTimeout(30_000);

let database: TestDatabase;
let sql: DataSource;
let h: PersistenceHarness;
const workers: RunningWorker[] = [];

beforeAll(async () => {
  database = await createMigratedTestDatabase();
  sql = await openDataSource({ url: database.url, poolSize: 2 });
  h = typeOrmHarness(sql);
});

afterEach(async () => {
  while (workers.length > 0) await (workers.pop() as RunningWorker).close();
});

afterAll(async () => {
  await sql?.destroy();
  await database?.drop();
});

async function worker(clock: FixedClock, reportTimeZone: string): Promise<RunningWorker> {
  const running = await startWorker(database.url, { clock, reportTimeZone });
  workers.push(running);
  return running;
}

/** `waiting` WAITING participants on a mission of `day`, and `scheduled` more SCHEDULED for `scheduledFor`. */
async function participants(w: RunningWorker, day: string, counts: { waiting: number; scheduled: number; scheduledFor?: Date }) {
  const accountId = await h.fixtures.account();
  const mainMission = await h.fixtures.mainMission(accountId, { checkInCheckOut: true, requiresForm: false });
  const total = counts.waiting + counts.scheduled;
  const input = aDemandInput({ missionMainId: mainMission, datePicked: day, participants: total, shifts: [`${day}-08:00-17:00-0`] });
  const { demandId } = await w.commands.execute(new CreateDemandCommand(accountId, input));
  const [mission] = await sql.query(`SELECT mb_key FROM missions WHERE demand_id = $1`, [demandId]);
  const [waiting, scheduled]: string[][] = [[], []];
  for (let i = 0; i < total; i += 1) {
    const p: ParticipantState = await w.commands.execute(new AcceptPlaceCommand(accountId, mission.mb_key, { userName: `P${i}` }));
    if (i < counts.waiting) {
      waiting.push(p.muKey);
    } else {
      await w.commands.execute(new ParticipantProgressCommand(accountId, p.muKey, { verb: 'schedule', for: counts.scheduledFor as Date }));
      scheduled.push(p.muKey);
    }
  }
  return { accountId, waiting, scheduled };
}

async function statuses(muKeys: string[]): Promise<Record<string, number>> {
  const rows: { mu_key: string; status: number }[] = await sql.query(`SELECT mu_key, status FROM missions_users WHERE mu_key = ANY ($1)`, [muKeys]);
  return Object.fromEntries(rows.map((row) => [row.mu_key, row.status]));
}

/** The expiry events written for each participant: `toName` of each, by MU key. */
async function expiryEvents(accountId: string): Promise<Record<string, string[]>> {
  const rows: { mu_key: string; to_name: string }[] = await sql.query(
    `SELECT data->>'muKey' AS mu_key, data->>'toName' AS to_name FROM events
      WHERE client_account_id = $1 AND type = 'participant.status_changed' AND data->>'toName' LIKE '%EXPIRED'
      ORDER BY position`,
    [accountId],
  );
  const events: Record<string, string[]> = {};
  for (const row of rows) events[row.mu_key] = [...(events[row.mu_key] ?? []), row.to_name];
  return events;
}

const { WAITING, EXPIRED, SCHEDULED_EXPIRED } = MissionStatus;

describe('the clock', () => {
  // Mission day 2026-12-01: it ends at 03:00Z on the 2nd in São Paulo (UTC-3), at 15:00Z on the 1st in Tokyo (UTC+9).
  it.each([
    ['America/Sao_Paulo', '2026-12-02T03:00:00.000Z'],
    ['Asia/Tokyo', '2026-12-01T15:00:00.000Z'],
  ])(
    '"participants at the day edge expire exactly when they should" (%s): WAITING once the mission day has ended in REPORT_TIME_ZONE, SCHEDULED once the scheduled time plus SLA_TOLERANCE_MINUTES has passed',
    async (zone, dayEnds) => {
      const clock = new FixedClock(new Date('2026-11-21T10:00:00.000Z'));
      const w = await worker(clock, zone);
      const scheduledFor = new Date('2026-12-01T02:00:00.000Z');
      const { accountId, waiting, scheduled } = await participants(w, '2026-12-01', { waiting: 2, scheduled: 1, scheduledFor });
      const all = [...waiting, ...scheduled];

      // 15 minutes of tolerance (SLA_TOLERANCE_MINUTES): the last instant a check-in is still on time.
      clock.current = new Date(scheduledFor.getTime() + 15 * 60_000);
      expect(await w.clock.tick()).toEqual({ expired: 0, refused: 0 });
      clock.current = new Date(clock.current.getTime() + 1);
      expect(await w.clock.tick()).toEqual({ expired: 1, refused: 0 });
      expect(await statuses(all)).toEqual({ [waiting[0]]: WAITING, [waiting[1]]: WAITING, [scheduled[0]]: SCHEDULED_EXPIRED });

      clock.current = new Date(new Date(dayEnds).getTime() - 1);
      expect(await w.clock.tick()).toEqual({ expired: 0, refused: 0 });
      clock.current = new Date(dayEnds);
      expect(await w.clock.tick()).toEqual({ expired: 2, refused: 0 });
      expect(await statuses(all)).toEqual({ [waiting[0]]: EXPIRED, [waiting[1]]: EXPIRED, [scheduled[0]]: SCHEDULED_EXPIRED });

      // Each through the domain's command, which wrote its event; a later tick finds nothing more.
      clock.current = new Date(clock.current.getTime() + 86_400_000);
      expect(await w.clock.tick()).toEqual({ expired: 0, refused: 0 });
      expect(await expiryEvents(accountId)).toEqual({ [waiting[0]]: ['EXPIRED'], [waiting[1]]: ['EXPIRED'], [scheduled[0]]: ['SCHEDULED_EXPIRED'] });
    },
  );

  it('"no participant expired twice": workers ticking at the same moment expire each participant once, with one event, counted once in participants_expired_total', async () => {
    const clock = new FixedClock(new Date('2026-11-21T10:00:00.000Z'));
    const ticking = [await worker(clock, 'America/Sao_Paulo'), await worker(clock, 'America/Sao_Paulo'), await worker(clock, 'America/Sao_Paulo')];
    const { accountId, waiting } = await participants(ticking[0], '2026-12-03', { waiting: 24, scheduled: 0 });
    clock.current = new Date('2026-12-10T00:00:00.000Z');
    const countedBefore = await metricValue('participants_expired_total');

    const results = await Promise.all(ticking.map((w) => w.clock.tick()));
    expect(results.reduce((sum, result) => sum + result.expired, 0)).toBe(24);
    // Issue 9's metrics count each expiry once too: the refused ones are not expiries.
    expect((await metricValue('participants_expired_total')) - countedBefore).toBe(24);
    const events = await expiryEvents(accountId);
    expect(Object.keys(events).sort()).toEqual([...waiting].sort());
    expect(Object.values(events).every((names) => names.length === 1)).toBe(true);
    expect(new Set(Object.values(await statuses(waiting)))).toEqual(new Set([EXPIRED]));
  });
});
