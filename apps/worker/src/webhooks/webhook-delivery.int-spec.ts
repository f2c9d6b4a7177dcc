// The worker's webhook deliveries on a real PostgreSQL, to real HTTP receivers on loopback: the
// signature a Standard Webhooks library verifies, the retry schedule run on a moved clock, the
// lease that lets another worker take over a stalled send, and a removed endpoint's silence.
import {
  AcceptPlaceCommand,
  Clock,
  CreateDemandCommand,
  CreateWebhookCommand,
  EVENT_TYPES,
  FinishDeliveryStopCommand,
  MarkPdvDoneCommand,
  ParticipantProgressCommand,
  type ParticipantState,
  RedeliverEventCommand,
  RemoveWebhookCommand,
  ReviewRegisterCommand,
  SubmitWorkCommand,
  webhookHeaders,
} from '@mwr/domain';
import { aDemandInput, FixedClock, type PersistenceHarness } from '@mwr/domain/testing';
import { openDataSource } from '@mwr/persistence';
import { createMigratedTestDatabase, freePort, type TestDatabase, typeOrmHarness } from '@mwr/persistence/testing';
import { Webhook } from 'standardwebhooks';
import type { DataSource } from 'typeorm';
import { eventually, metricValue, type RunningWorker, spawnWorker, startReceiver, startWorker } from '../testing/worker-harness';
import { RETRY_SCHEDULE } from './retry-schedule';

jest.setTimeout(30_000);

let database: TestDatabase;
let sql: DataSource;
let h: PersistenceHarness;
const closing: (() => Promise<unknown>)[] = [];

beforeAll(async () => {
  database = await createMigratedTestDatabase();
  sql = await openDataSource({ url: database.url, poolSize: 2 });
  h = typeOrmHarness(sql);
});

afterEach(async () => {
  while (closing.length > 0) await (closing.pop() as () => Promise<unknown>)();
  // Sweeps take every account's due deliveries: none left over for the next test.
  await sql.query(`DELETE FROM webhook_endpoints`);
});

afterAll(async () => {
  await sql?.destroy();
  await database?.drop();
});

async function worker(options: Parameters<typeof startWorker>[1] = {}): Promise<RunningWorker> {
  const running = await startWorker(database.url, options);
  closing.push(() => running.close());
  return running;
}

async function receiver(...args: Parameters<typeof startReceiver>) {
  const started = await startReceiver(...args);
  closing.push(() => started.close());
  return started;
}

/** A clock a minute ahead of the database's, so that what the test just wrote is due at once. */
function clockAhead(): FixedClock {
  return new FixedClock(new Date(Date.now() + 60_000));
}

/** A day a week ahead, in São Paulo, as a demand names it. */
function dayAhead(days = 7): string {
  return new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
}

async function accountWithEndpoint(w: RunningWorker, url: string, events: string[] | null = null) {
  const accountId = await h.fixtures.account();
  const mainMission = await h.fixtures.mainMission(accountId, { checkInCheckOut: true, requiresForm: false });
  const hook = await w.commands.execute(new CreateWebhookCommand(accountId, { url, events }));
  return { accountId, mainMission, hook };
}

/** One demand.created event through the domain's command; answers its demand's first MB key. */
async function createDemand(w: RunningWorker, accountId: string, mainMission: string): Promise<string> {
  const day = dayAhead();
  const input = aDemandInput({ missionMainId: mainMission, datePicked: day, shifts: [`${day}-08:00-17:00-0`] });
  const { demandId } = await w.commands.execute(new CreateDemandCommand(accountId, input));
  const [mission] = await sql.query(`SELECT mb_key FROM missions WHERE demand_id = $1 ORDER BY mb_key LIMIT 1`, [demandId]);
  return mission.mb_key;
}

async function deliveriesOf(endpointId: string) {
  return sql.query(
    `SELECT d.event_id, d.status, d.attempt, d.last_status_code, d.last_error, d.next_attempt_at, d.last_attempt_at, d.created_at
       FROM webhook_deliveries d WHERE d.endpoint_id = $1 ORDER BY d.seq`,
    [endpointId],
  );
}

const OUTCOMES = ['delivered', 'failed', 'abandoned', 'lease_lost'] as const;

/** This process's delivery counters by outcome, and the seconds the failed attempts took in all. */
async function deliveryMetrics(): Promise<Record<(typeof OUTCOMES)[number] | 'failedSeconds', number>> {
  const counts = await Promise.all(OUTCOMES.map(async (outcome) => [outcome, await metricValue(`webhook_deliveries_total{outcome="${outcome}"}`)]));
  return { ...Object.fromEntries(counts), failedSeconds: await metricValue('webhook_delivery_duration_seconds_sum{outcome="failed"}') };
}

function delta<T extends Record<string, number>>(before: T, after: T): T {
  return Object.fromEntries(Object.keys(after).map((key) => [key, after[key] - before[key]])) as T;
}

describe('webhook deliveries', () => {
  it('"a real HTTP receiver on loopback gets every event type with a signature that standardwebhooks verifies"; a tampered body or an old timestamp fails', async () => {
    const w = await worker();
    const r = await receiver();
    const { accountId, mainMission, hook } = await accountWithEndpoint(w, r.url);
    // Every event type, each made by the domain's own command.
    const mbKey = await createDemand(w, accountId, mainMission);
    const participant: ParticipantState = await w.commands.execute(new AcceptPlaceCommand(accountId, mbKey, { userName: 'Ana' }));
    const muKey = participant.muKey;
    await w.commands.execute(new ParticipantProgressCommand(accountId, muKey, { verb: 'checkIn', tokenInput: 'T-1' }));
    await w.commands.execute(new ParticipantProgressCommand(accountId, muKey, { verb: 'checkOut', complete: true }));
    await w.commands.execute(new SubmitWorkCommand(accountId, muKey, 'R-1'));
    await w.commands.execute(new ReviewRegisterCommand(accountId, muKey, 'APPROVED'));
    await w.commands.execute(new MarkPdvDoneCommand(accountId, await h.fixtures.pdvRecord(accountId, muKey, 'Café 500 g')));
    await w.commands.execute(new FinishDeliveryStopCommand(accountId, await h.fixtures.stop(accountId, muKey, new Date(Date.now() - 60_000))));
    const events = await h.fixtures.eventsOf(accountId);

    while ((await w.dispatcher.sweep()) > 0);

    expect(r.received).toHaveLength(events.length);
    const verifier = new Webhook(hook.secret);
    const bodies = r.received.map((request) => verifier.verify(request.body, request.headers as Record<string, string>) as { type: string });
    expect(new Set(bodies.map((body) => body.type))).toEqual(new Set(EVENT_TYPES));
    // The body is the event's, as the feed answers it (without the id, which is the webhook-id).
    const byId = new Map(events.map((event) => [event.id, event]));
    for (const request of r.received) {
      const event = byId.get(request.headers['webhook-id'] as string);
      expect(JSON.parse(request.body)).toEqual({ type: event?.type, timestamp: event?.occurredAt.toISOString(), data: event?.data });
      expect(request.headers['content-type']).toBe('application/json');
    }
    expect((await deliveriesOf(hook.id)).every((d: { status: string; attempt: number; last_status_code: number }) => d.status === 'SUCCEEDED' && d.attempt === 1 && d.last_status_code === 200)).toBe(true);

    const [first] = r.received;
    const headers = first.headers as Record<string, string>;
    expect(() => verifier.verify(first.body.replace('"type"', '"type" '), headers)).toThrow();
    expect(() => verifier.verify(first.body, { ...headers, 'webhook-signature': `v1,${Buffer.alloc(32).toString('base64')}` })).toThrow();
    // Signed right, but ten minutes old: a replay.
    const old = webhookHeaders(hook.secret, headers['webhook-id'], new Date(Date.now() - 600_000), first.body);
    expect(() => verifier.verify(first.body, old)).toThrow(/timestamp/i);
    const fresh = webhookHeaders(hook.secret, headers['webhook-id'], new Date(), first.body);
    expect(verifier.verify(first.body, fresh)).toEqual(JSON.parse(first.body));
  });

  it('"a receiver answering 500 twice then 200 gets the event three times with growing delays"', async () => {
    const clock = clockAhead();
    const w = await worker({ clock });
    const r = await receiver((_request, index) => (index < 2 ? 500 : 200));
    const { accountId, mainMission, hook } = await accountWithEndpoint(w, r.url);
    await createDemand(w, accountId, mainMission);

    const sent: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      expect(await w.dispatcher.sweep()).toBe(1);
      sent.push(clock.now().getTime());
      const [row] = await deliveriesOf(hook.id);
      if (attempt < 3) {
        expect(row).toMatchObject({ status: 'PENDING', attempt, last_status_code: 500, last_error: 'HTTP 500' });
        // Not before it is due.
        clock.current = new Date(row.next_attempt_at.getTime() - 1);
        expect(await w.dispatcher.sweep()).toBe(0);
        clock.current = row.next_attempt_at;
      } else {
        expect(row).toMatchObject({ status: 'SUCCEEDED', attempt: 3, last_status_code: 200, last_error: null, next_attempt_at: null });
      }
    }
    expect(r.received.map((request) => request.headers['webhook-id'])).toEqual(Array(3).fill(r.received[0].headers['webhook-id']));
    // The receiver sees the waits in the deliveries' own timestamps.
    const stamps = r.received.map((request) => Number(request.headers['webhook-timestamp']));
    const [firstWait, secondWait] = [stamps[1] - stamps[0], stamps[2] - stamps[1]];
    expect(firstWait).toBeGreaterThanOrEqual(RETRY_SCHEDULE.firstDelayMs * 0.75 / 1000 - 1);
    expect(secondWait).toBeGreaterThan(firstWait);
    expect(sent[2] - sent[1]).toBeGreaterThan(sent[1] - sent[0]);
  });

  it('"one that never answers is marked failed after the schedule": at least 24 hours of attempts, each cut off by the timeout', async () => {
    const clock = clockAhead();
    const w = await worker({ clock, deliveryTimeoutMs: 100 });
    const r = await receiver(() => 'hang');
    const { accountId, mainMission, hook } = await accountWithEndpoint(w, r.url);
    await createDemand(w, accountId, mainMission);
    const before = await deliveryMetrics();

    let row;
    for (let round = 0; round < 60; round += 1) {
      expect(await w.dispatcher.sweep()).toBe(1);
      [row] = await deliveriesOf(hook.id);
      if (row.status !== 'PENDING') break;
      clock.current = row.next_attempt_at;
    }
    expect(row).toMatchObject({ status: 'FAILED', next_attempt_at: null, last_status_code: null, last_error: 'no answer within 100 ms' });
    expect(row.last_attempt_at.getTime() - row.created_at.getTime()).toBeGreaterThanOrEqual(24 * 3_600_000);
    expect(r.received).toHaveLength(row.attempt);
    // Issue 9: each attempt counted by its outcome, its time the timeout's at least.
    const counted = delta(before, await deliveryMetrics());
    expect(counted).toMatchObject({ failed: row.attempt - 1, abandoned: 1, delivered: 0, lease_lost: 0 });
    expect(counted.failedSeconds).toBeGreaterThanOrEqual(0.1 * (row.attempt - 1));
    clock.current = new Date(clock.current.getTime() + 7 * 86_400_000);
    expect(await w.dispatcher.sweep()).toBe(0);
  });

  it('"a worker killed mid-delivery loses nothing": its lease expires, another worker sends, and the stalled one cannot overwrite the outcome', async () => {
    const clock = clockAhead();
    const leaseMs = 60_000;
    const stalled = await worker({ clock, deliveryTimeoutMs: 20_000, dispatch: { leaseMs } });
    const other = await worker({ clock, dispatch: { leaseMs } });
    const r = await receiver((_request, index) => (index === 0 ? 'hang' : 200));
    const { accountId, mainMission, hook } = await accountWithEndpoint(other, r.url);
    await createDemand(other, accountId, mainMission);

    const before = await deliveryMetrics();
    const stalledSweep = stalled.dispatcher.sweep();
    while (r.received.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
    // Claimed and in flight: the other worker leaves it alone until the lease has run out.
    expect(await other.dispatcher.sweep()).toBe(0);
    clock.current = new Date(clock.current.getTime() + leaseMs);
    expect(await other.dispatcher.sweep()).toBe(1);
    expect(await deliveriesOf(hook.id)).toMatchObject([{ status: 'SUCCEEDED', attempt: 1, last_status_code: 200 }]);

    // The stalled send ends at last, with no answer: its outcome is refused by the lease.
    r.hanging[0].destroy();
    await stalledSweep;
    expect(await deliveriesOf(hook.id)).toMatchObject([{ status: 'SUCCEEDED', attempt: 1, last_status_code: 200 }]);
    expect(r.received).toHaveLength(2);
    // Two sends, one delivery: the stalled one is counted apart, not as a failure to retry.
    expect(delta(before, await deliveryMetrics())).toMatchObject({ delivered: 1, lease_lost: 1, failed: 0, abandoned: 0 });
  });

  it('"a worker killed mid-delivery loses nothing": a worker process killed (SIGKILL) while its receiver has not answered; another sends once the lease has run out', async () => {
    const r = await receiver((_request, index) => (index === 0 ? 'hang' : 200));
    const other = await worker({ clock: clockAhead() });
    const { accountId, mainMission, hook } = await accountWithEndpoint(other, r.url);
    await createDemand(other, accountId, mainMission);
    const killed = spawnWorker(database.url);
    closing.push(async () => killed.kill('SIGKILL'));
    await eventually(() => r.received.length === 1, 25_000);
    const exited = new Promise((resolve) => killed.once('exit', resolve));
    killed.kill('SIGKILL');
    await exited;
    expect(await deliveriesOf(hook.id)).toMatchObject([{ status: 'PENDING', attempt: 0 }]);

    const clock = (other.app.get(Clock) as FixedClock);
    expect(await other.dispatcher.sweep()).toBe(0);
    clock.current = new Date(Date.now() + 61_000 + 60_000);
    expect(await other.dispatcher.sweep()).toBe(1);
    expect(await deliveriesOf(hook.id)).toMatchObject([{ status: 'SUCCEEDED', attempt: 1, last_status_code: 200 }]);
    expect(r.received.map((request) => request.headers['webhook-id'])).toEqual([r.received[0].headers['webhook-id'], r.received[0].headers['webhook-id']]);
  });

  it('"events are kept 30 days": the retention job deletes older events with their deliveries, and nothing younger', async () => {
    const clock = clockAhead();
    const w = await worker({ clock });
    const r = await receiver(() => 500);
    const { accountId, mainMission, hook } = await accountWithEndpoint(w, r.url);
    await createDemand(w, accountId, mainMission);
    await createDemand(w, accountId, mainMission);
    const [oldest] = await sql.query(`SELECT id, recorded_at FROM events WHERE client_account_id = $1 ORDER BY position LIMIT 1`, [accountId]);
    // Events are immutable (a trigger refuses UPDATE): the older one is aged with the trigger off.
    await sql.query(`ALTER TABLE events DISABLE TRIGGER events_are_immutable`);
    await sql.query(`UPDATE events SET recorded_at = recorded_at - interval '20 days' WHERE id = $1`, [oldest.id]);
    await sql.query(`ALTER TABLE events ENABLE TRIGGER events_are_immutable`);

    clock.current = new Date(oldest.recorded_at.getTime() - 20 * 86_400_000 + 30 * 86_400_000 - 1000);
    expect(await w.retention.purge()).toBe(0);
    clock.current = new Date(oldest.recorded_at.getTime() - 20 * 86_400_000 + 30 * 86_400_000 + 1000);
    expect(await w.retention.purge()).toBe(1);
    const left = await sql.query(`SELECT id FROM events WHERE client_account_id = $1`, [accountId]);
    expect(left).toHaveLength(1);
    expect(left[0].id).not.toBe(oldest.id);
    expect((await deliveriesOf(hook.id)).map((d: { event_id: string }) => d.event_id)).toEqual([left[0].id]);
  });

  it('"deleting an endpoint stops deliveries": nothing more is sent to it, retries included; other endpoints go on', async () => {
    const clock = clockAhead();
    const w = await worker({ clock });
    const failing = await receiver(() => 500);
    const kept = await receiver();
    const { accountId, mainMission, hook } = await accountWithEndpoint(w, failing.url);
    const other = await w.commands.execute(new CreateWebhookCommand(accountId, { url: kept.url, events: null }));
    await createDemand(w, accountId, mainMission);
    expect(await w.dispatcher.sweep()).toBe(2);
    expect([failing.received.length, kept.received.length]).toEqual([1, 1]);

    await w.commands.execute(new RemoveWebhookCommand(accountId, hook.id));
    await createDemand(w, accountId, mainMission);
    clock.current = new Date(clock.current.getTime() + 2 * 86_400_000);
    expect(await w.dispatcher.sweep()).toBe(1);
    expect([failing.received.length, kept.received.length]).toEqual([1, 2]);
    expect(await deliveriesOf(hook.id)).toEqual([]);
    expect(await deliveriesOf(other.id)).toMatchObject([{ status: 'SUCCEEDED' }, { status: 'SUCCEEDED' }]);
  });

  it('a redelivery asked for is sent again, signed with the same webhook-id', async () => {
    const w = await worker();
    const r = await receiver();
    const { accountId, mainMission, hook } = await accountWithEndpoint(w, r.url);
    await createDemand(w, accountId, mainMission);
    await w.dispatcher.sweep();
    const eventId = r.received[0].headers['webhook-id'] as string;
    await w.commands.execute(new RedeliverEventCommand(accountId, hook.id, eventId));
    expect(await w.dispatcher.sweep()).toBe(1);
    expect(r.received.map((request) => request.headers['webhook-id'])).toEqual([eventId, eventId]);
    expect(new Webhook(hook.secret).verify(r.received[1].body, r.received[1].headers as Record<string, string>)).toBeTruthy();
  });

  it('refuses, at send time, a receiver whose address is not allowed there (the SSRF rules are checked at each connection)', async () => {
    const w = await worker();
    const strict = await worker({ allowHttp: false });
    const r = await receiver();
    const { accountId, mainMission, hook } = await accountWithEndpoint(w, r.url);
    await createDemand(w, accountId, mainMission);
    expect(await strict.dispatcher.sweep()).toBe(1);
    expect(r.received).toHaveLength(0);
    expect(await deliveriesOf(hook.id)).toMatchObject([{ status: 'PENDING', attempt: 1, last_status_code: null, last_error: 'forbidden address 127.0.0.1' }]);
  });

  it('issue 9 "Prometheus metrics (... webhook deliveries ...)": a worker process with WORKER_METRICS_PORT counts the delivery it sent and serves the count at /metrics on that port', async () => {
    const r = await receiver();
    const other = await worker();
    const { accountId, mainMission } = await accountWithEndpoint(other, r.url);
    await createDemand(other, accountId, mainMission);
    const port = await freePort();
    const spawned = spawnWorker(database.url, { HOST: '127.0.0.1', WORKER_METRICS_PORT: String(port) });
    const exited = new Promise<number | null>((resolve) => spawned.once('exit', resolve));
    closing.push(async () => spawned.kill('SIGKILL'));
    const metricsUrl = `http://127.0.0.1:${port}/metrics`;

    await eventually(() => r.received.length === 1, 25_000);
    let exposition = '';
    await eventually(async () => {
      exposition = await fetch(metricsUrl).then((response) => response.text(), () => '');
      return (await metricValue('webhook_deliveries_total{outcome="delivered"}', exposition)) === 1;
    });
    expect(await metricValue('webhook_delivery_duration_seconds_count{outcome="delivered"}', exposition)).toBe(1);
    expect(await metricValue('webhook_deliveries_total{outcome="failed"}', exposition)).toBe(0);
    // Node's own metrics come with it; nothing else is served there.
    expect(exposition).toMatch(/^process_cpu_user_seconds_total /m);
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);

    spawned.kill('SIGTERM');
    expect(await exited).toBe(0);
    await expect(fetch(metricsUrl)).rejects.toThrow();
  }, 60_000);
});
