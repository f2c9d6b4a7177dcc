import { randomUUID } from 'node:crypto';
import { MissionStatus, Participant, type Period, reportPeriod } from '@mwr/domain';
import type { DataSource, EntityManager } from 'typeorm';
import { openDataSource } from '../database/data-source';
import { buildListingRows, LISTING_ROWS_TABLES, rebuildListings } from '../database/rebuild-listings';
import { TypeOrmParticipantRepository } from '../repositories/typeorm-participant.repository';
import { createMigratedTestDatabase, type TestDatabase } from '../../testing/test-database';
import { PostgresDeliveryResultsReadModel } from './delivery-results.read-model';
import { PostgresFormAnswersReadModel } from './form-answers.read-model';
import { PostgresPdvResultsReadModel } from './pdv-results.read-model';
import { PostgresRegisterResultsReadModel } from './register-results.read-model';
import { PostgresWorkforceResultsReadModel } from './workforce-results.read-model';

// Deterministic, so a failure can be replayed: the seed is in the test's name.
const SEED = Number(process.env['PROPERTY_SEED'] ?? 20261123);
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}
type Random = ReturnType<typeof prng>;

const ZONES = ['America/Sao_Paulo', 'UTC', 'Asia/Kolkata', 'Asia/Kathmandu', 'Pacific/Chatham'];
const FIRST_DAY = Date.UTC(2026, 0, 25);
const DAYS = 45;

function day(random: Random): string {
  return new Date(FIRST_DAY + random.int(0, DAYS) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * An instant on or near a day's edge in one of the zones (its first instant, a microsecond either
 * side, the last hour before it), or anywhere in the day: where buckets and periods meet.
 */
function instant(random: Random): string {
  const midnight = reportPeriod(day(random), null, random.pick(ZONES)).from as Date;
  const micros = random.pick([0, -1, 1, -3_600_000_000, random.int(0, 86_399_999_999), random.int(-3_600_000_000, 3_600_000_000)]);
  const ms = midnight.getTime() + Math.floor(micros / 1000);
  const rest = ((micros % 1000) + 1000) % 1000;
  return `${new Date(ms).toISOString().slice(0, 23)}${String(rest).padStart(3, '0')}Z`;
}

function period(random: Random): Period {
  const first = day(random);
  const last = new Date(Date.parse(first) + random.int(0, 30) * 86_400_000).toISOString().slice(0, 10);
  const zone = random.pick(ZONES);
  return reportPeriod(random.chance(0.15) ? null : first, random.chance(0.15) ? null : last, zone);
}

interface Account {
  id: string;
  mainMissions: string[];
  forms: number[];
  products: string[];
  places: string[];
}

const STATUSES = Object.values(MissionStatus).filter((value): value is MissionStatus => typeof value === 'number');

describe(`count aggregates (seed ${SEED}): every aggregate-served total equals a plain count(*) over the rows`, () => {
  let database: TestDatabase;
  let db: DataSource;
  const accounts: Account[] = [];

  beforeAll(async () => {
    database = await createMigratedTestDatabase();
    db = await openDataSource({ url: database.url, poolSize: 8, queryTimeoutMs: 0 });
    for (let a = 0; a < 2; a += 1) {
      const id = randomUUID();
      await db.query(`INSERT INTO client_accounts (id, client_id, name, secret_hash, created_at) VALUES ($1, $2, 'P', '', now())`, [id, `cl_${id}`]);
      const account: Account = { id, mainMissions: [], forms: [], products: [], places: [] };
      for (const workforce of [true, false]) {
        const sub = randomUUID();
        const main = randomUUID();
        await db.query(`INSERT INTO subcategories (id, client_account_id, name, check_in_check_out) VALUES ($1, $2, 'S', $3)`, [sub, id, workforce]);
        await db.query(
          `INSERT INTO main_missions (id, client_account_id, subcategory_id, name, check_in_check_out, has_pos, has_forms, has_delivery_places)
           VALUES ($1, $2, $3, $4, $5, true, true, true)`,
          [main, id, sub, workforce ? 'Turno Café' : 'Coleta', workforce],
        );
        account.mainMissions.push(main);
        const [{ id: form }] = await db.query(`INSERT INTO forms (uuid, client_account_id, kind, name) VALUES ($1, $2, 'FORM', 'F') RETURNING id`, [randomUUID(), id]);
        account.forms.push(form);
        const product = randomUUID();
        await db.query(`INSERT INTO import_products (id, client_account_id, name) VALUES ($1, $2, 'Produto')`, [product, id]);
        account.products.push(product);
        const place = randomUUID();
        await db.query(`INSERT INTO delivery_places (id, client_account_id, name, address) VALUES ($1, $2, 'L', 'A')`, [place, id]);
        account.places.push(place);
      }
      accounts.push(account);
    }
  });

  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  const any = async <T>(m: EntityManager, sql: string, params: unknown[]): Promise<T | undefined> => (await m.query(sql, params))[0];

  /** One write of one kind, in its own transaction; a few are rolled back on purpose. */
  async function write(random: Random, participants: TypeOrmParticipantRepository): Promise<void> {
    const account = random.pick(accounts);
    const a = account.id;
    const kind = random.pick([
      'demand', 'demand', 'verb', 'verb', 'verb', 'status', 'missionDate', 'register', 'review', 'review',
      'pdv', 'pdvChange', 'stop', 'stopChange', 'form', 'formChange', 'delete', 'flag', 'deferred',
    ] as const);
    if (kind === 'verb') {
      const row = await any<{ mu_key: string }>(db.manager, `SELECT mu_key FROM missions_users WHERE client_account_id = $1 ORDER BY random() LIMIT 1`, [a]);
      if (!row) return;
      const at = new Date(instant(random));
      const verbs: ((p: Participant) => void)[] = [
        (p) => p.approveEstimate(),
        (p) => p.schedule(at),
        (p) => p.checkIn({ at, slaToleranceMinutes: 15 }),
        (p) => p.checkOut({ at: new Date(Math.max(at.getTime(), (p.state.checkInAt ?? at).getTime())), complete: random.chance(0.7) }),
        (p) => p.expire(at, { timeZone: random.pick(ZONES), slaToleranceMinutes: 15 }),
        (p) => p.quit(),
        (p) => p.remove(),
      ];
      // A verb the state machine refuses rolls its transaction back: that is part of the property.
      // Rejecting is the work's review: it may reprove the participant's register in the same transaction.
      const change = random.chance(1 / (verbs.length + 1))
        ? participants.reviewWork(a, row.mu_key, (p, register) => p.reject(register))
        : participants.change(a, row.mu_key, random.pick(verbs));
      await change.catch(() => undefined);
      return;
    }
    if (kind === 'deferred') return deferredWrite(random, account);
    await db
      .transaction(async (m) => {
        switch (kind) {
          case 'demand': {
            const demand = randomUUID();
            const main = random.pick(account.mainMissions);
            await m.query(`INSERT INTO demands (id, client_account_id, main_mission_id, date_picked, participants, created_at) VALUES ($1, $2, $3, '2026-02-01', 3, now())`, [demand, a, main]);
            for (let i = random.int(1, 2); i > 0; i -= 1) {
              const mission = randomUUID();
              await m.query(
                `INSERT INTO missions (id, client_account_id, demand_id, main_mission_id, mb_key, mission_date, places, created_at) VALUES ($1, $2, $3, $4, $5, $6, 3, now())`,
                [mission, a, demand, main, `MB-${mission}`, instant(random)],
              );
              const count = random.int(0, 3);
              for (let j = 0; j < count; j += 1) {
                const id = randomUUID();
                await m.query(
                  `INSERT INTO missions_users (id, client_account_id, mission_id, mu_key, user_name, status, created_at, updated_at) VALUES ($1, $2, $3, $4, 'Ana Silva', $5, now(), now())`,
                  [id, a, mission, `MU-${id}`, random.pick(STATUSES)],
                );
              }
            }
            break;
          }
          case 'status':
            await m.query(
              `UPDATE missions_users SET status = $2 WHERE id = (SELECT id FROM missions_users WHERE client_account_id = $1 ORDER BY random() LIMIT 1)`,
              [a, random.pick(STATUSES)],
            );
            break;
          case 'missionDate':
            await m.query(
              `UPDATE missions SET mission_date = $2 WHERE id = (SELECT id FROM missions WHERE client_account_id = $1 ORDER BY random() LIMIT 1)`,
              [a, instant(random)],
            );
            break;
          case 'register':
            await m.query(
              `INSERT INTO registers (id, client_account_id, missions_user_id, mission_id, identifier, status, created_at, updated_at)
               SELECT $2, mu.client_account_id, mu.id, mu.mission_id, 'REG', $3, now(), $4 FROM missions_users mu
                WHERE mu.client_account_id = $1 AND NOT EXISTS (SELECT FROM registers r WHERE r.missions_user_id = mu.id)
                ORDER BY random() LIMIT 1`,
              [a, randomUUID(), random.pick(['PENDING', 'APPROVED', 'REPROVED']), instant(random)],
            );
            break;
          case 'review':
            await m.query(
              `UPDATE registers SET status = $2, updated_at = $3 WHERE id = (SELECT id FROM registers WHERE client_account_id = $1 ORDER BY random() LIMIT 1)`,
              [a, random.pick(['PENDING', 'APPROVED', 'REPROVED']), instant(random)],
            );
            break;
          case 'pdv':
            await m.query(
              `INSERT INTO pdv_records (id, client_account_id, register_id, import_products_id, status, updated_at)
               SELECT $2, $1, r.id, $3, $4, $5 FROM registers r WHERE r.client_account_id = $1 ORDER BY random() LIMIT 1`,
              [a, randomUUID(), random.pick(account.products), random.pick(['PENDING', 'DONE']), instant(random)],
            );
            break;
          case 'pdvChange': {
            const target = `(SELECT id FROM pdv_records WHERE client_account_id = $1 ORDER BY random() LIMIT 1)`;
            if (random.chance(0.25)) await m.query(`DELETE FROM pdv_records WHERE id = ${target}`, [a]);
            else await m.query(`UPDATE pdv_records SET status = $2, updated_at = $3 WHERE id = ${target}`, [a, random.pick(['PENDING', 'DONE']), instant(random)]);
            break;
          }
          case 'stop':
            await m.query(
              `INSERT INTO delivery_stops (id, client_account_id, missions_user_id, delivery_place_id, type, progress, identifier, started_at, updated_at)
               SELECT $2, $1, mu.id, $3, 'DELIVERY', 1, 'S', $4, now() FROM missions_users mu WHERE mu.client_account_id = $1 ORDER BY random() LIMIT 1`,
              [a, randomUUID(), random.pick(account.places), instant(random)],
            );
            break;
          case 'stopChange': {
            const target = `(SELECT id FROM delivery_stops WHERE client_account_id = $1 ORDER BY random() LIMIT 1)`;
            if (random.chance(0.2)) await m.query(`DELETE FROM delivery_stops WHERE id = ${target}`, [a]);
            else if (random.chance(0.5)) await m.query(`UPDATE delivery_stops SET progress = 2, finished_at = started_at WHERE id = ${target}`, [a]);
            else await m.query(`UPDATE delivery_stops SET started_at = $2, progress = 1, finished_at = NULL WHERE id = ${target}`, [a, instant(random)]);
            break;
          }
          case 'form': {
            const data = randomUUID();
            const inserted = await m.query(
              `INSERT INTO forms_data (id, client_account_id, register_id, missions_user_id, form_id, identifier, answered_at)
               SELECT $2, $1, r.id, r.missions_user_id, $3, 'FD', $4 FROM registers r WHERE r.client_account_id = $1 ORDER BY random() LIMIT 1 RETURNING id`,
              [a, data, random.pick(account.forms), instant(random)],
            );
            if (inserted.length === 0) break;
            const answers = random.int(1, 4);
            await m.query(
              `INSERT INTO forms_data_answers (id, client_account_id, forms_data_id, position, question, answer)
               SELECT gen_random_uuid(), $1, $2, n, 'Q', 'A' FROM generate_series(1, $3::int) n`,
              [a, data, answers],
            );
            break;
          }
          case 'formChange': {
            const target = `(SELECT id FROM forms_data WHERE client_account_id = $1 ORDER BY random() LIMIT 1)`;
            if (random.chance(0.3)) {
              await m.query(`DELETE FROM forms_data_answers WHERE id = (SELECT a.id FROM forms_data_answers a WHERE a.client_account_id = $1 ORDER BY random() LIMIT 1)`, [a]);
            } else {
              await m.query(`UPDATE forms_data SET answered_at = $2, form_id = $3 WHERE id = ${target}`, [a, instant(random), random.pick(account.forms)]);
            }
            break;
          }
          case 'delete': {
            // A participant with everything that hangs from it, children first.
            const row = await any<{ id: string }>(m, `SELECT id FROM missions_users WHERE client_account_id = $1 ORDER BY random() LIMIT 1`, [a]);
            if (!row) break;
            await m.query(`DELETE FROM forms_data_answers WHERE forms_data_id IN (SELECT id FROM forms_data WHERE missions_user_id = $1)`, [row.id]);
            await m.query(`DELETE FROM forms_data WHERE missions_user_id = $1`, [row.id]);
            await m.query(`DELETE FROM pdv_records WHERE register_id IN (SELECT id FROM registers WHERE missions_user_id = $1)`, [row.id]);
            await m.query(`DELETE FROM registers WHERE missions_user_id = $1`, [row.id]);
            await m.query(`DELETE FROM delivery_stops WHERE missions_user_id = $1`, [row.id]);
            await m.query(`DELETE FROM missions_users WHERE id = $1`, [row.id]);
            break;
          }
          case 'flag':
            // The subcategory's flag is the truth; its main missions' follow it through their foreign key.
            await m.query(
              `UPDATE subcategories SET check_in_check_out = NOT check_in_check_out WHERE id = (SELECT subcategory_id FROM main_missions WHERE id = $1)`,
              [random.pick(account.mainMissions)],
            );
            break;
        }
        if (random.chance(0.1)) throw new Error('rolled back on purpose');
      })
      .catch((error: Error & { code?: string }) => {
        // Rolled back: on purpose, or a deadlock, a unique or a foreign-key clash between these random writers on
        // the base tables. Either way nothing of it may remain in the counts.
        if (error.message !== 'rolled back on purpose' && !['40P01', '40001', '23505', '23503'].includes(error.code ?? '')) throw error;
      });
  }

  /**
   * A bulk writer as the seeder is one: base rows whose ids share a prefix, written with their
   * listing rows deferred (migration 7), then listed by `buildListingRows`, one transaction per
   * listing. Meanwhile the other writers may change those rows, and list them through their triggers.
   */
  async function deferredWrite(random: Random, account: Account): Promise<void> {
    const prefix = randomUUID().slice(0, 24);
    let counter = 0;
    const id = () => `${prefix}${(counter++).toString(16).padStart(12, '0')}`;
    const a = account.id;
    const committed = await db
      .transaction(async (m) => {
        await m.query(`SET LOCAL mwr.listing_rows = 'deferred'`);
        const demand = id();
        const main = random.pick(account.mainMissions);
        await m.query(`INSERT INTO demands (id, client_account_id, main_mission_id, date_picked, participants, created_at) VALUES ($1, $2, $3, '2026-02-01', 3, now())`, [demand, a, main]);
        const mission = id();
        await m.query(
          `INSERT INTO missions (id, client_account_id, demand_id, main_mission_id, mb_key, mission_date, places, created_at) VALUES ($1, $2, $3, $4, $5, $6, 3, now())`,
          [mission, a, demand, main, `MB-${mission}`, instant(random)],
        );
        for (let j = random.int(1, 4); j > 0; j -= 1) {
          const participant = id();
          await m.query(
            `INSERT INTO missions_users (id, client_account_id, mission_id, mu_key, user_name, status, created_at, updated_at) VALUES ($1, $2, $3, $4, 'Bia Souza', $5, now(), now())`,
            [participant, a, mission, `MU-${participant}`, random.pick(STATUSES)],
          );
          if (random.chance(0.3)) continue;
          const register = id();
          await m.query(
            `INSERT INTO registers (id, client_account_id, missions_user_id, mission_id, identifier, status, created_at, updated_at) VALUES ($1, $2, $3, $4, 'REG', $5, now(), $6)`,
            [register, a, participant, mission, random.pick(['PENDING', 'APPROVED', 'APPROVED']), instant(random)],
          );
          await m.query(
            `INSERT INTO pdv_records (id, client_account_id, register_id, import_products_id, status, updated_at) VALUES ($1, $2, $3, $4, $5, $6)`,
            [id(), a, register, random.pick(account.products), random.pick(['PENDING', 'DONE']), instant(random)],
          );
        }
        if (random.chance(0.1)) throw new Error('rolled back on purpose');
        return true;
      })
      .catch((error: Error) => {
        if (error.message !== 'rolled back on purpose') throw error;
        return false;
      });
    if (!committed) return;
    const [first, last] = [`${prefix}000000000000`, `${prefix}ffffffffffff`];
    const build = async (table: (typeof LISTING_ROWS_TABLES)[number], attempts = 3): Promise<void> => {
      // A deadlock with a concurrent writer rolls the build back; the seeder would fail, this writer retries.
      await db.transaction((m) => buildListingRows(m, table, first, last)).catch((error: Error & { code?: string }) => {
        if (error.code !== '40P01' || attempts === 1) throw error;
        return build(table, attempts - 1);
      });
    };
    await Promise.all(LISTING_ROWS_TABLES.map((table) => build(table)));
  }

  const between = (column: string, first: number) =>
    `($${first}::timestamptz IS NULL OR ${column} >= $${first}) AND ($${first + 1}::timestamptz IS NULL OR ${column} < $${first + 1})`;

  async function plainCount(sql: string, params: unknown[]): Promise<number> {
    const [{ n }] = await db.query(sql, params);
    return n;
  }

  it('after concurrent writers of every kind, across two accounts and many zones’ day edges', async () => {
    const participants = new TypeOrmParticipantRepository(db);
    const writers = Array.from({ length: 6 }, (_, w) =>
      (async () => {
        const random = prng(SEED + w);
        for (let i = 0; i < 120; i += 1) await write(random, participants);
      })(),
    );
    await Promise.all(writers);

    // The listing rows are what the base tables say, row for row.
    const listed = async (sql: string) => db.query(`${sql} ORDER BY 1`);
    expect(
      await listed(`SELECT w.id, w.client_account_id, w.mission_date, w.status, s.search, s.mission_date AS searched_date
                      FROM workforce_rows w FULL JOIN workforce_search s ON s.id = w.id`),
    ).toEqual(
      await listed(`SELECT mu.id, mu.client_account_id, m.mission_date, mu.status, search_document(mu.user_name, mm.name, m.mb_key, mu.mu_key) AS search,
                           m.mission_date AS searched_date
                      FROM missions_users mu JOIN missions m ON m.id = mu.mission_id JOIN main_missions mm ON mm.id = m.main_mission_id
                     WHERE mm.check_in_check_out`),
    );
    expect(await listed(`SELECT id, updated_at FROM register_rows`)).toEqual(await listed(`SELECT id, updated_at FROM registers WHERE status = 'APPROVED'`));
    expect(await listed(`SELECT id, updated_at FROM pdv_rows`)).toEqual(await listed(`SELECT id, updated_at FROM pdv_records WHERE status = 'DONE'`));

    const random = prng(SEED * 7);
    const workforce = new PostgresWorkforceResultsReadModel(db);
    const registers = new PostgresRegisterResultsReadModel(db);
    const pdv = new PostgresPdvResultsReadModel(db);
    const deliveries = new PostgresDeliveryResultsReadModel(db);
    const answers = new PostgresFormAnswersReadModel(db);
    const request = { page: 1, itemsPerPage: 5 };
    let nonZero = 0;
    for (let i = 0; i < 60; i += 1) {
      for (const account of accounts) {
        const p = period(random);
        const bounds = [p.from, p.before];
        const status = random.chance(0.5) ? random.pick(STATUSES) : null;
        const progress = random.pick([1, 2, null] as const);
        const formId = random.pick(account.forms);
        const expected = {
          workforce: await plainCount(
            `SELECT count(*)::int AS n FROM missions_users mu JOIN missions m ON m.id = mu.mission_id JOIN main_missions mm ON mm.id = m.main_mission_id
              WHERE mu.client_account_id = $1 AND mm.check_in_check_out AND ${between('m.mission_date', 2)} AND ($4::int IS NULL OR mu.status = $4)`,
            [account.id, ...bounds, status],
          ),
          registers: await plainCount(
            `SELECT count(*)::int AS n FROM registers WHERE client_account_id = $1 AND status = 'APPROVED' AND ${between('updated_at', 2)}`,
            [account.id, ...bounds],
          ),
          pdv: await plainCount(
            `SELECT count(*)::int AS n FROM pdv_records WHERE client_account_id = $1 AND status = 'DONE' AND ${between('updated_at', 2)}`,
            [account.id, ...bounds],
          ),
          deliveries: await plainCount(
            `SELECT count(*)::int AS n FROM delivery_stops WHERE client_account_id = $1 AND ${between('started_at', 2)} AND ($4::int IS NULL OR progress = $4)`,
            [account.id, ...bounds, progress],
          ),
          answers: await plainCount(
            `SELECT count(*)::int AS n FROM forms_data_answers a JOIN forms_data fd ON fd.id = a.forms_data_id
              WHERE fd.client_account_id = $1 AND fd.form_id = $4 AND ${between('fd.answered_at', 2)}`,
            [account.id, ...bounds, formId],
          ),
        };
        const none = { mbKey: null, muKey: null, search: null };
        const actual = {
          workforce: (await workforce.page(account.id, { period: p, status, ...none }, request)).total,
          registers: (await registers.page(account.id, { period: p, ...none }, request)).total,
          pdv: (await pdv.page(account.id, { period: p, ...none }, request)).total,
          deliveries: (await deliveries.page(account.id, { period: p, progress, mbKey: null, muKey: null }, request)).total,
          answers: (await answers.page(account.id, { period: p, formId }, request)).total,
        };
        expect({ period: p, status, progress, formId, totals: actual }).toEqual({ period: p, status, progress, formId, totals: expected });
        nonZero += Object.values(expected).filter((n) => n > 0).length;
      }
    }
    // The property says something only if the writers left rows in the periods asked about.
    expect(nonZero).toBeGreaterThan(200);

    // And every bucket of every grain, not just those the periods above read, agrees with a rebuild.
    const buckets = () =>
      db.query(`SELECT client_account_id, listing, grain, bucket, key, sum(n)::int AS n FROM listing_counts
                 GROUP BY 1, 2, 3, 4, 5 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4, 5`);
    const maintained = await buckets();
    await db.transaction((m) => rebuildListings(m));
    expect(await buckets()).toEqual(maintained);
  }, 120_000);
});
