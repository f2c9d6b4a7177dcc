import { randomUUID } from 'node:crypto';
import { openDataSource } from '@mwr/persistence';
import { createMigratedTestDatabase, type TestDatabase } from '@mwr/persistence/testing';
import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import { createDemoCatalog } from './demo-catalog';
import { SeedRefusedError, seedClientAccount, type SeedSummary } from './seed-account';
import { SEED_ANCHOR } from './seed-generator';

jest.setTimeout(120_000);

const MISSIONS = 300;
const TABLES = [
  'subcategories',
  'main_missions',
  'stores',
  'forms',
  'form_questions',
  'demands',
  'missions',
  'missions_users',
  'registers',
  'forms_data',
  'forms_data_answers',
  'import_products',
  'pdv_records',
  'delivery_places',
  'delivery_stops',
];

let database: TestDatabase;
let dataSource: DataSource;
let sql: Client;

async function account(clientId: string): Promise<string> {
  const id = randomUUID();
  await sql.query(`INSERT INTO client_accounts (id, client_id, name, secret_hash, created_at) VALUES ($1, $2, $3, 'x', now())`, [
    id,
    clientId,
    `Conta ${clientId}`,
  ]);
  return id;
}

async function rows<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return (await sql.query(text, params)).rows as T[];
}

async function countsOf(accountId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const [{ n }] = await rows<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE client_account_id = $1`, [accountId]);
    counts[table] = n;
  }
  return counts;
}

/** What the seed decides, in the order it generated it (ids grow with a batch's counter). */
async function contentOf(accountId: string) {
  return {
    participants: await rows(
      `SELECT user_name, status, check_in_at, check_out_at, created_at FROM missions_users WHERE client_account_id = $1 ORDER BY id`,
      [accountId],
    ),
    registers: await rows(`SELECT identifier, status, updated_at FROM registers WHERE client_account_id = $1 ORDER BY id`, [accountId]),
    missions: await rows(`SELECT mission_date, places FROM missions WHERE client_account_id = $1 ORDER BY id`, [accountId]),
  };
}

/**
 * The seed leaves its listing rows to a build at the end (migration 7): afterwards each listing
 * holds exactly what its view says for the account, and its counts add up to what it holds.
 */
async function expectListed(accountId: string): Promise<void> {
  for (const [table, view, listing] of [
    ['workforce_rows', 'workforce_listed', 'workforce'],
    ['register_rows', 'register_listed', 'registers'],
    ['pdv_rows', 'pdv_listed', 'pdv'],
  ]) {
    const [{ listed, expected, counted }] = await rows<{ listed: number; expected: number; counted: number }>(
      `SELECT (SELECT count(*)::int FROM ${table} WHERE client_account_id = $1) AS listed,
              (SELECT count(*)::int FROM ${view} WHERE client_account_id = $1) AS expected,
              (SELECT coalesce(sum(n), 0)::int FROM listing_counts WHERE client_account_id = $1 AND listing = $2 AND grain = 'month') AS counted`,
      [accountId, listing],
    );
    expect({ table, listed, counted }).toEqual({ table, listed: expected, counted: expected });
    expect(expected).toBeGreaterThan(0);
  }
  // The first seed of a new database drops and rebuilds the trigram indexes: they are back, and valid.
  const indexes = await rows<{ name: string }>(
    `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
      WHERE c.relname IN ('workforce_search_trgm', 'register_rows_search_trgm', 'pdv_rows_search_trgm') AND i.indisvalid ORDER BY 1`,
  );
  expect(indexes.map((index) => index.name)).toEqual(['pdv_rows_search_trgm', 'register_rows_search_trgm', 'workforce_search_trgm']);
}

beforeAll(async () => {
  database = await createMigratedTestDatabase();
  dataSource = await openDataSource({ url: database.url, poolSize: 2 });
  sql = new Client({ connectionString: database.url });
  await sql.connect();
});

afterAll(async () => {
  await sql?.end();
  await dataSource?.destroy();
  await database?.drop();
});

describe('seedClientAccount against PostgreSQL', () => {
  let accountA: string;
  let summaryA: SeedSummary;
  let bystander: string;
  let bystanderBefore: Record<string, number>;

  beforeAll(async () => {
    bystander = await account('cl_bystander');
    await createDemoCatalog(dataSource.manager, bystander);
    bystanderBefore = await countsOf(bystander);
    accountA = await account('cl_seed_a');
    summaryA = await seedClientAccount(dataSource, { accountId: accountA, missions: MISSIONS, seed: 1 });
  });

  it('summarises what it wrote, and the summary matches the database', async () => {
    const counts = await countsOf(accountA);
    expect(summaryA).toMatchObject({ clientId: 'cl_seed_a', seed: 1, missions: MISSIONS, missionsBefore: 0, flagCombinationsWithApprovedRegisters: 16 });
    expect(summaryA.elapsedSeconds).toBeGreaterThan(0);
    for (const table of TABLES) expect([table, summaryA.rows[table]]).toEqual([table, counts[table]]);
    expect(counts['missions']).toBe(MISSIONS);
    const [{ participants }] = await rows<{ participants: Record<string, number> }>(
      `SELECT jsonb_object_agg(status, n) AS participants FROM (SELECT status, count(*)::int AS n FROM missions_users WHERE client_account_id = $1 GROUP BY status) s`,
      [accountA],
    );
    expect(Object.values(summaryA.participantsByStatus)).toEqual(Array.from({ length: 11 }, (_, status) => participants[String(status)] ?? 0));
  });

  it('lists and counts the first batch of a new database, whose trigram indexes it built anew', async () => {
    await expectListed(accountA);
  });

  it('has workforce participants in every status 0..10', async () => {
    const found = await rows<{ status: number }>(
      `SELECT DISTINCT mu.status FROM missions_users mu
         JOIN missions m ON m.id = mu.mission_id JOIN main_missions mm ON mm.id = m.main_mission_id
        WHERE mu.client_account_id = $1 AND mm.check_in_check_out ORDER BY mu.status`,
      [accountA],
    );
    expect(found.map((r) => r.status)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('has main missions with all 16 flag combinations, each with registers in all three statuses', async () => {
    const combos = await rows<{ combo: string; statuses: string[] }>(
      `SELECT concat_ws('/', mm.has_pos, mm.has_forms, mm.check_in_check_out, mm.has_delivery_places) AS combo,
              array_agg(DISTINCT r.status ORDER BY r.status) AS statuses
         FROM registers r JOIN missions m ON m.id = r.mission_id JOIN main_missions mm ON mm.id = m.main_mission_id
        WHERE r.client_account_id = $1 GROUP BY 1`,
      [accountA],
    );
    expect(combos).toHaveLength(16);
    for (const { statuses } of combos) expect(statuses).toEqual(['APPROVED', 'PENDING', 'REPROVED']);
    const [{ inconsistent }] = await rows<{ inconsistent: number }>(
      `SELECT count(*)::int AS inconsistent FROM main_missions mm JOIN subcategories s ON s.id = mm.subcategory_id
        WHERE mm.client_account_id = $1 AND s.check_in_check_out <> mm.check_in_check_out`,
      [accountA],
    );
    expect(inconsistent).toBe(0);
  });

  it('has point-of-sale records in both statuses with a JSON object, under a product hierarchy at least 3 levels deep', async () => {
    const pdv = await rows<{ status: string; n: number; objects: number; delivered: number }>(
      `SELECT status, count(*)::int AS n, count(*) FILTER (WHERE jsonb_typeof(data) = 'object')::int AS objects,
              count(delivered_at)::int AS delivered
         FROM pdv_records WHERE client_account_id = $1 GROUP BY status ORDER BY status`,
      [accountA],
    );
    expect(pdv.map((p) => p.status)).toEqual(['DONE', 'PENDING']);
    for (const p of pdv) expect(p.objects).toBe(p.n);
    expect(pdv.find((p) => p.status === 'PENDING')?.delivered).toBe(0);
    const [{ shallowest }] = await rows<{ shallowest: number }>(
      `WITH RECURSIVE up AS (
         SELECT p.import_products_id AS product, ip.parent_id AS ancestor, 0 AS levels
           FROM pdv_records p JOIN import_products ip ON ip.id = p.import_products_id WHERE p.client_account_id = $1
         UNION ALL
         SELECT up.product, ip.parent_id, up.levels + 1 FROM up JOIN import_products ip ON ip.id = up.ancestor
       )
       SELECT min(levels)::int AS shallowest FROM (SELECT product, max(levels) AS levels FROM up GROUP BY product) d`,
      [accountA],
    );
    expect(shallowest).toBeGreaterThanOrEqual(3);
  });

  it('has collections and deliveries in both progress states, with consistent times', async () => {
    const kinds = await rows<{ kind: string }>(
      `SELECT DISTINCT type || '/' || progress AS kind FROM delivery_stops WHERE client_account_id = $1 ORDER BY 1`,
      [accountA],
    );
    expect(kinds.map((k) => k.kind)).toEqual(['COLLECTION/1', 'COLLECTION/2', 'DELIVERY/1', 'DELIVERY/2']);
    const [{ bad }] = await rows<{ bad: number }>(
      `SELECT count(*)::int AS bad FROM delivery_stops s JOIN missions_users mu ON mu.id = s.missions_user_id
        WHERE s.client_account_id = $1
          AND (mu.check_in_at IS NULL OR s.started_at < mu.check_in_at OR (s.progress = 1) <> (s.finished_at IS NULL)
               OR s.finished_at < s.started_at OR s.finished_at > mu.check_out_at)`,
      [accountA],
    );
    expect(bad).toBe(0);
  });

  it('answers forms with questions at positions 1..k', async () => {
    const forms = await rows<{ positions: number[]; kind: string; answered: boolean }>(
      `SELECT array_agg(a.position ORDER BY a.position) AS positions, f.kind, fd.answered_at IS NOT NULL AS answered
         FROM forms_data fd JOIN forms f ON f.id = fd.form_id JOIN forms_data_answers a ON a.forms_data_id = fd.id
        WHERE fd.client_account_id = $1 GROUP BY fd.id, fd.client_account_id, f.kind`,
      [accountA],
    );
    expect(forms.length).toBeGreaterThan(0);
    for (const form of forms) {
      expect(form.positions.length).toBeGreaterThanOrEqual(3);
      expect(form.positions).toEqual(form.positions.map((_, i) => i + 1));
      expect(form).toMatchObject({ kind: 'FORM', answered: true });
    }
  });

  it('breaks no rule of the state machine', async () => {
    const [violations] = await rows<Record<string, number>>(
      `SELECT
         count(*) FILTER (WHERE status IN (0, 4, 8, 9, 10) AND check_in_at IS NOT NULL)::int AS started_too_early,
         count(*) FILTER (WHERE status IN (1, 2, 3, 7) AND check_in_at IS NULL)::int AS started_without_check_in,
         count(*) FILTER (WHERE (check_out_at IS NOT NULL) <> (status IN (2, 3, 7)))::int AS wrong_check_out,
         count(*) FILTER (WHERE check_out_at < check_in_at)::int AS out_before_in,
         count(*) FILTER (WHERE status IN (9, 10) AND scheduled_for IS NULL)::int AS scheduled_without_time,
         count(*) FILTER (WHERE rating IS NOT NULL AND status NOT IN (2, 3))::int AS rated_unfinished,
         count(*) FILTER (WHERE updated_at < created_at OR check_in_at < created_at)::int AS time_travel
       FROM missions_users WHERE client_account_id = $1`,
      [accountA],
    );
    expect(violations).toEqual({
      started_too_early: 0,
      started_without_check_in: 0,
      wrong_check_out: 0,
      out_before_in: 0,
      scheduled_without_time: 0,
      rated_unfinished: 0,
      time_travel: 0,
    });
    const [{ unfinished, elsewhere }] = await rows<{ unfinished: number; elsewhere: number }>(
      `SELECT count(*) FILTER (WHERE mu.status NOT IN (2, 3))::int AS unfinished,
              count(*) FILTER (WHERE mu.mission_id <> r.mission_id)::int AS elsewhere
         FROM registers r JOIN missions_users mu ON mu.id = r.missions_user_id WHERE r.client_account_id = $1`,
      [accountA],
    );
    expect({ unfinished, elsewhere }).toEqual({ unfinished: 0, elsewhere: 0 });
  });

  it('writes valid demands: shifts day-start-end-index on workforce demands, participants >= 1, mission dates from the demand', async () => {
    const demands = await rows<{ shifts: string[]; workforce: boolean; participants: number; stores: number; missions: number }>(
      `SELECT d.shifts, mm.check_in_check_out AS workforce, d.participants, cardinality(d.stores_ids) AS stores,
              (SELECT count(*)::int FROM missions m WHERE m.demand_id = d.id) AS missions
         FROM demands d JOIN main_missions mm ON mm.id = d.main_mission_id WHERE d.client_account_id = $1`,
      [accountA],
    );
    for (const demand of demands) {
      expect(demand.shifts.length > 0).toBe(demand.workforce);
      for (const shift of demand.shifts) expect(shift).toMatch(/^\d{4}-\d{2}-\d{2}-\d{2}:\d{2}-\d{2}:\d{2}-\d+$/);
      expect(demand.participants).toBeGreaterThanOrEqual(1);
      expect(demand.missions).toBe(Math.max(1, demand.stores));
    }
    const [{ wrong }] = await rows<{ wrong: number }>(
      `SELECT count(*)::int AS wrong FROM missions m JOIN demands d ON d.id = m.demand_id
        WHERE m.client_account_id = $1
          AND m.mission_date <> coalesce(d.scheduled_at, (d.date_picked::timestamp AT TIME ZONE 'America/Sao_Paulo'))`,
      [accountA],
    );
    expect(wrong).toBe(0);
    const [{ workforceStoresOnly }] = await rows<{ workforceStoresOnly: boolean }>(
      `SELECT bool_and(s.is_workforce) AS "workforceStoresOnly" FROM missions m
         JOIN main_missions mm ON mm.id = m.main_mission_id JOIN stores s ON s.id = m.store_id
        WHERE m.client_account_id = $1 AND mm.check_in_check_out`,
      [accountA],
    );
    expect(workforceStoresOnly).toBe(true);
  });

  it('writes MB and MU keys as prefix plus 12 Crockford base32 characters', async () => {
    const [{ badMb, badMu }] = await rows<{ badMb: number; badMu: number }>(
      `SELECT (SELECT count(*)::int FROM missions WHERE client_account_id = $1 AND mb_key !~ '^MB-[0-9A-HJKMNP-TV-Z]{12}$') AS "badMb",
              (SELECT count(*)::int FROM missions_users WHERE client_account_id = $1 AND mu_key !~ '^MU-[0-9A-HJKMNP-TV-Z]{12}$') AS "badMu"`,
      [accountA],
    );
    expect({ badMb, badMu }).toEqual({ badMb: 0, badMu: 0 });
  });

  it('writes names with accents and mixed case for searches to find', async () => {
    const users = (await rows<{ user_name: string }>(`SELECT user_name FROM missions_users WHERE client_account_id = $1`, [accountA])).map(
      (r) => r.user_name,
    );
    expect(users.some((name) => /[ÁÉÍÓÚÂÊÔÃÕÇ]/.test(name))).toBe(true);
    expect(users.some((name) => name === name.toLowerCase() && /[áéíóúâêôãõç]/.test(name))).toBe(true);
    expect(users.some((name) => name !== name.toLowerCase() && name !== name.toUpperCase())).toBe(true);
    const names = await rows<{ name: string }>(
      `SELECT name FROM main_missions WHERE client_account_id = $1 UNION ALL SELECT name FROM import_products WHERE client_account_id = $1`,
      [accountA],
    );
    expect(names.map((r) => r.name)).toEqual(expect.arrayContaining(['Promoção Verão', 'Auditoria de Gôndola', 'Café Torrado 500g']));
  });

  it('spreads dates over months before the anchor, some within minutes of midnight in São Paulo', async () => {
    const [dates] = await rows<{ first: Date; last: Date; latest: Date; near_midnight: number }>(
      `SELECT min(m.mission_date) AS first, max(m.mission_date) AS last,
              (SELECT max(updated_at) FROM registers WHERE client_account_id = $1) AS latest,
              (SELECT count(*)::int FROM missions_users WHERE client_account_id = $1
                 AND (check_in_at AT TIME ZONE 'UTC')::time BETWEEN '02:30' AND '03:30') AS near_midnight
         FROM missions m WHERE m.client_account_id = $1`,
      [accountA],
    );
    expect(dates.last.getTime() - dates.first.getTime()).toBeGreaterThan(150 * 86_400_000);
    expect(dates.latest.getTime()).toBeLessThan(SEED_ANCHOR.getTime());
    expect(dates.near_midnight).toBeGreaterThan(0);
  });

  it('is deterministic: the same seed in another account gives the same content under different keys; another seed differs', async () => {
    const accountB = await account('cl_seed_b');
    const accountC = await account('cl_seed_c');
    await seedClientAccount(dataSource, { accountId: accountB, missions: MISSIONS, seed: 1 });
    await seedClientAccount(dataSource, { accountId: accountC, missions: MISSIONS, seed: 2 });
    const a = await contentOf(accountA);
    const b = await contentOf(accountB);
    const c = await contentOf(accountC);
    expect(b).toEqual(a);
    expect(c.participants).not.toEqual(a.participants);
    expect(c.missions).not.toEqual(a.missions);
    const [{ shared }] = await rows<{ shared: number }>(
      `SELECT count(*)::int AS shared FROM missions a JOIN missions b ON a.mb_key = b.mb_key AND a.id <> b.id`,
    );
    expect(shared).toBe(0);
  });

  it('writes the same content on several connections at once, in small chunks, as on one', async () => {
    const parallel = await account('cl_seed_parallel');
    const summary = await seedClientAccount(dataSource, { accountId: parallel, missions: MISSIONS, seed: 1, writers: 2, chunkMissions: 25 });
    expect(await contentOf(parallel)).toEqual(await contentOf(accountA));
    expect(summary.rows).toEqual(summaryA.rows);
    await expectListed(parallel);
  });

  it('lists and counts what landed when a chunk fails, and nothing twice', async () => {
    const failing = await account('cl_seed_failing');
    const failure = new Error('the third chunk failed');
    await expect(
      seedClientAccount(dataSource, {
        accountId: failing,
        missions: MISSIONS,
        chunkMissions: 25,
        writers: 1,
        onProgress: (written) => {
          if (written >= 75) throw failure;
        },
      }),
    ).rejects.toBe(failure);
    const [{ missions }] = await rows<{ missions: number }>(`SELECT count(*)::int AS missions FROM missions WHERE client_account_id = $1`, [failing]);
    expect(missions).toBeGreaterThanOrEqual(75);
    expect(missions).toBeLessThan(MISSIONS);
    await expectListed(failing);
  });

  it('adds a second batch when run again on the same account, with fresh ids and keys', async () => {
    const before = await countsOf(accountA);
    const again = await seedClientAccount(dataSource, { accountId: accountA, missions: MISSIONS, seed: 1 });
    const after = await countsOf(accountA);
    expect(again.missionsBefore).toBe(MISSIONS);
    for (const table of TABLES) expect([table, after[table]]).toEqual([table, before[table] + again.rows[table]]);
    const [{ missions, mbKeys }] = await rows<{ missions: number; mbKeys: number }>(
      `SELECT count(*)::int AS missions, count(DISTINCT mb_key)::int AS "mbKeys" FROM missions WHERE client_account_id = $1`,
      [accountA],
    );
    expect(mbKeys).toBe(missions);
  });

  it('never touches another account', async () => {
    expect(await countsOf(bystander)).toEqual(bystanderBefore);
    const [{ crossed }] = await rows<{ crossed: number }>(
      `SELECT (SELECT count(*) FROM missions m JOIN demands d ON d.id = m.demand_id WHERE m.client_account_id <> d.client_account_id)
            + (SELECT count(*) FROM missions_users mu JOIN missions m ON m.id = mu.mission_id WHERE mu.client_account_id <> m.client_account_id)
            + (SELECT count(*) FROM missions m JOIN stores s ON s.id = m.store_id WHERE m.client_account_id <> s.client_account_id)
            + (SELECT count(*) FROM pdv_records p JOIN import_products ip ON ip.id = p.import_products_id WHERE p.client_account_id <> ip.client_account_id)
            + (SELECT count(*) FROM forms_data fd JOIN forms f ON f.id = fd.form_id WHERE fd.client_account_id <> f.client_account_id)
            + (SELECT count(*) FROM delivery_stops s JOIN delivery_places p ON p.id = s.delivery_place_id WHERE s.client_account_id <> p.client_account_id)
            AS crossed`,
    );
    expect(Number(crossed)).toBe(0);
  });

  it('refuses to run beside another seed of the same account', async () => {
    const holder = new Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [`mwr-seed:${accountA}`]);
      const before = await countsOf(accountA);
      await expect(seedClientAccount(dataSource, { accountId: accountA, missions: 10 })).rejects.toBeInstanceOf(SeedRefusedError);
      expect(await countsOf(accountA)).toEqual(before);
    } finally {
      await holder.end();
    }
  });

  it('refuses bad options before writing anything', async () => {
    const before = await countsOf(accountA);
    await expect(seedClientAccount(dataSource, { accountId: accountA, missions: 0 })).rejects.toThrow('missions must be an integer from 1 to 1000000');
    await expect(seedClientAccount(dataSource, { accountId: accountA, seed: -1 })).rejects.toBeInstanceOf(SeedRefusedError);
    await expect(seedClientAccount(dataSource, { accountId: accountA, timeZone: 'Mars/Olympus' })).rejects.toBeInstanceOf(SeedRefusedError);
    expect(await countsOf(accountA)).toEqual(before);
  });

  it('refuses an account that does not exist', async () => {
    await expect(seedClientAccount(dataSource, { accountId: randomUUID(), missions: 10 })).rejects.toThrow(/No client account with id/);
  });
});
