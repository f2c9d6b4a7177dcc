// The outbox on PostgreSQL: what commits together, what a reader can see while a writer has not
// committed yet, and the feed's order when transactions commit in another order than they began.
import { randomUUID } from 'node:crypto';
import { type DomainEvent, newEvent, uuidV7 } from '@mwr/domain';
import { aDemandInput, newDemand, type PersistenceHarness } from '@mwr/domain/testing';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { openDataSource } from '../database/data-source';
import { createMigratedTestDatabase, type TestDatabase } from '../../testing/test-database';
import { typeOrmHarness } from '../../testing/typeorm-harness';

let database: TestDatabase;
let dataSource: DataSource;
let h: PersistenceHarness;
let locks: Client;

const HOLD_A = 71;
const HOLD_B = 72;

beforeAll(async () => {
  database = await createMigratedTestDatabase();
  dataSource = await openDataSource({ url: database.url, poolSize: 8 });
  h = typeOrmHarness(dataSource);
  // Test hooks at commit time: an event marked `fail` aborts its transaction's commit; one marked
  // `hold` makes the commit wait for an advisory lock the test holds. Both run after every other
  // statement of the transaction, the outbox's included.
  await dataSource.query(`
    CREATE FUNCTION test_commit_hook() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.data->>'hook' = 'fail' THEN RAISE EXCEPTION 'failed at commit'; END IF;
      IF NEW.data->>'hook' = 'hold' THEN PERFORM pg_advisory_xact_lock((NEW.data->>'lock')::bigint); END IF;
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER test_commit_hook AFTER INSERT ON events DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW EXECUTE FUNCTION test_commit_hook();
  `);
  locks = new Client({ connectionString: database.url });
  await locks.connect();
});

afterAll(async () => {
  await locks?.end();
  await dataSource?.destroy();
  await database?.drop();
});

async function account() {
  const accountId = await h.fixtures.account();
  const mainMission = await h.fixtures.mainMission(accountId, { checkInCheckOut: false, requiresForm: false });
  return { accountId, mainMission };
}

function event(accountId: string, data: Record<string, unknown> = {}, id = uuidV7(Date.now())): DomainEvent {
  return newEvent('demand.created', { id, accountId, occurredAt: new Date() }, data as never);
}

/** Creates a demand whose transaction also writes `events`; answers the demand's id. */
async function writeDemand(target: { accountId: string; mainMission: string }, ...events: DomainEvent[]): Promise<string> {
  const demand = { ...newDemand(target.accountId, aDemandInput({ missionMainId: target.mainMission })), events };
  await h.demands.create(demand);
  return demand.id;
}

async function visible(accountId: string) {
  const { rows } = await locks.query(
    `SELECT (SELECT count(*)::int FROM demands WHERE client_account_id = $1) AS demands,
            (SELECT count(*)::int FROM events WHERE client_account_id = $1) AS events`,
    [accountId],
  );
  return rows[0];
}

async function feed(accountId: string, after: string | null = null) {
  const page = await h.eventFeed.read(accountId, { after, types: null, limit: 100 });
  return page?.events.map((e) => e.id);
}

/** Waits until `count` sessions of this database wait for a lock of the given kind (and advisory key). */
async function waiters(kind: 'advisory' | 'transactionid', count: number, key?: number): Promise<void> {
  for (let tries = 0; tries < 400; tries += 1) {
    const { rows } = await locks.query(
      `SELECT count(*)::int AS n FROM pg_stat_activity a
        WHERE a.datname = current_database() AND a.wait_event_type = 'Lock' AND a.wait_event = $1
          AND ($2::int IS NULL OR EXISTS (SELECT FROM pg_locks l WHERE l.pid = a.pid AND NOT l.granted AND l.objid = $2))`,
      [kind, key ?? null],
    );
    if (rows[0].n >= count) return;
    await new Promise((tick) => setTimeout(tick, 25));
  }
  throw new Error(`no session waited for a ${kind} lock`);
}

describe('the outbox on PostgreSQL', () => {
  it('atomicity: a demand whose transaction fails at commit leaves neither the demand nor its event', async () => {
    const target = await account();
    await expect(writeDemand(target, event(target.accountId, { hook: 'fail' }))).rejects.toThrow('failed at commit');
    expect(await visible(target.accountId)).toEqual({ demands: 0, events: 0 });
    expect(await feed(target.accountId)).toEqual([]);
  });

  it('an event is never visible before its change commits, and then both are', async () => {
    const target = await account();
    await locks.query('SELECT pg_advisory_lock($1)', [HOLD_A]);
    const written = event(target.accountId, { hook: 'hold', lock: HOLD_A });
    const writing = writeDemand(target, written);
    try {
      await waiters('advisory', 1, HOLD_A);
      // The writer has inserted its demand, missions and event and is committing.
      expect(await visible(target.accountId)).toEqual({ demands: 0, events: 0 });
      expect(await feed(target.accountId)).toEqual([]);
    } finally {
      await locks.query('SELECT pg_advisory_unlock($1)', [HOLD_A]);
    }
    await writing;
    expect(await visible(target.accountId)).toEqual({ demands: 1, events: 1 });
    expect(await feed(target.accountId)).toEqual([written.id]);
  });

  it('an event with a smaller id that commits later is not skipped by a reader who paged past a larger one', async () => {
    const target = await account();
    const smaller = uuidV7(Date.now() - 60_000);
    const larger = uuidV7(Date.now());
    await locks.query('SELECT pg_advisory_lock($1), pg_advisory_lock($2)', [HOLD_A, HOLD_B]);
    const first = writeDemand(target, event(target.accountId, { hook: 'hold', lock: HOLD_A }, larger));
    await waiters('advisory', 1, HOLD_A);
    // The second writer began later, with the smaller id; it must queue behind the first for its number.
    const second = writeDemand(target, event(target.accountId, { hook: 'hold', lock: HOLD_B }, smaller));
    await waiters('transactionid', 1);
    expect(await feed(target.accountId)).toEqual([]);

    await locks.query('SELECT pg_advisory_unlock($1)', [HOLD_A]);
    await first;
    await waiters('advisory', 1, HOLD_B);
    expect(await feed(target.accountId)).toEqual([larger]);

    await locks.query('SELECT pg_advisory_unlock($1)', [HOLD_B]);
    await second;
    expect(await feed(target.accountId, larger)).toEqual([smaller]);
    expect(await feed(target.accountId)).toEqual([larger, smaller]);
  });

  it('numbers stay gapless when a writer rolls back, so no reader waits on a hole', async () => {
    const target = await account();
    await writeDemand(target, event(target.accountId));
    await expect(writeDemand(target, event(target.accountId, { hook: 'fail' }))).rejects.toThrow();
    await writeDemand(target, event(target.accountId), event(target.accountId));
    const { rows } = await locks.query(`SELECT position::int FROM events WHERE client_account_id = $1 ORDER BY position`, [target.accountId]);
    expect(rows.map((row) => row.position)).toEqual([1, 2, 3]);
  });

  it('cursor paging returns every event once and in commit order while writers of two accounts commit at once', async () => {
    const [mine, theirs] = [await account(), await account()];
    const writers = Array.from({ length: 60 }, (_, i) => {
      const target = i % 3 === 0 ? theirs : mine;
      const hook = i % 7 === 0 ? { hook: 'fail' } : {};
      return writeDemand(target, event(target.accountId, hook), ...(i % 5 === 0 ? [event(target.accountId)] : [])).catch(() => 'rolled back');
    });
    const seen: string[] = [];
    let after: string | null = null;
    let settled = false;
    const all = Promise.all(writers).then(() => (settled = true));
    // Pages of three as the writers commit, and once more after the last one.
    for (let done = false; !done; ) {
      done = settled;
      const page = await h.eventFeed.read(mine.accountId, { after, types: null, limit: 3 });
      if (page === null) throw new Error('cursor lost');
      seen.push(...page.events.map((e) => e.id));
      if (page.events.length > 0) after = page.events[page.events.length - 1].id;
      if (page.hasMore) done = false;
    }
    await all;
    const { rows } = await locks.query(`SELECT id, position::int FROM events WHERE client_account_id = $1 ORDER BY position`, [mine.accountId]);
    expect(seen).toEqual(rows.map((row) => row.id));
    expect(new Set(seen).size).toBe(seen.length);
    expect(rows.map((row) => row.position)).toEqual(rows.map((_row, i) => i + 1));
    const foreign = await locks.query(`SELECT id FROM events WHERE client_account_id = $1`, [theirs.accountId]);
    expect(foreign.rows.length).toBeGreaterThan(0);
    expect(seen.filter((id) => foreign.rows.some((row) => row.id === id))).toEqual([]);
  });

  it('events are immutable', async () => {
    const target = await account();
    await writeDemand(target, event(target.accountId));
    await expect(locks.query(`UPDATE events SET data = '{}' WHERE client_account_id = $1`, [target.accountId])).rejects.toThrow('events are immutable');
  });

  it('removing an endpoint while an event is written makes neither fail, and leaves no delivery to it', async () => {
    const target = await account();
    const endpointId = randomUUID();
    await h.webhooks.add({ id: endpointId, accountId: target.accountId, url: 'https://example.com/hook', events: null, createdAt: new Date(), sealedSecret: 'x' }, 10);
    const remover = new Client({ connectionString: database.url });
    await remover.connect();
    try {
      await remover.query('BEGIN');
      await remover.query('DELETE FROM webhook_endpoints WHERE id = $1', [endpointId]);
      const writing = writeDemand(target, event(target.accountId));
      await waiters('transactionid', 1);
      await remover.query('COMMIT');
      await writing;
    } finally {
      await remover.end();
    }
    const { rows } = await locks.query('SELECT count(*)::int AS n FROM webhook_deliveries WHERE endpoint_id = $1', [endpointId]);
    expect(rows[0].n).toBe(0);
    expect(await visible(target.accountId)).toEqual({ demands: 1, events: 1 });
  });
});
