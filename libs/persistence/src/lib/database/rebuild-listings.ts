/** Whatever sends SQL: a DataSource, a QueryRunner or an EntityManager. */
export interface SqlRunner {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

const BATCH = 20_000;

const NIL = '00000000-0000-0000-0000-000000000000';

/**
 * The listing rows tables, the base table and refresh function each is made from (migration 6),
 * and the view that says which base rows they list (migration 7, so not for migration 6's rebuild).
 */
const LISTING_ROWS = [
  { rows: 'workforce_rows', base: 'missions_users', refresh: 'refresh_workforce_rows', listed: 'true', view: 'workforce_listed', lock: 'lock_workforce_row_ancestors', columns: 'mission_date, status', documents: 'workforce_search' },
  { rows: 'register_rows', base: 'registers', refresh: 'refresh_register_rows', listed: `b.status = 'APPROVED'`, view: 'register_listed', lock: 'lock_register_row_ancestors', columns: 'updated_at, search', documents: 'register_rows' },
  { rows: 'pdv_rows', base: 'pdv_records', refresh: 'refresh_pdv_rows', listed: `b.status = 'DONE'`, view: 'pdv_listed', lock: 'lock_pdv_row_ancestors', columns: 'updated_at, search', documents: 'pdv_rows' },
] as const;

/** Each listing's items as (account, key, instant): what its counts count. */
const COUNTED = [
  { listing: 'workforce', items: `SELECT client_account_id, status AS key, mission_date AS at FROM workforce_rows` },
  { listing: 'registers', items: `SELECT client_account_id, 0 AS key, updated_at AS at FROM register_rows` },
  { listing: 'pdv', items: `SELECT client_account_id, 0 AS key, updated_at AS at FROM pdv_rows` },
  { listing: 'deliveries', items: `SELECT client_account_id, progress AS key, started_at AS at FROM delivery_stops` },
  {
    listing: 'form_answers',
    items: `SELECT fd.client_account_id, fd.form_id AS key, fd.answered_at AS at
              FROM forms_data_answers a JOIN forms_data fd ON fd.id = a.forms_data_id`,
  },
] as const;

/**
 * Makes the listing rows and the count aggregates what the base tables say, whatever they held
 * before: what the migration that introduced them runs over existing data, and what
 * `db rebuild-listings` runs to repair them. Call it inside a transaction; the counts are
 * recomputed under a lock that makes concurrent writers wait, so none of their changes is lost.
 */
export async function rebuildListings(db: SqlRunner): Promise<void> {
  for (const { rows, base, refresh, listed } of LISTING_ROWS) {
    await db.query(`DELETE FROM ${rows} x WHERE NOT EXISTS (SELECT FROM ${base} b WHERE b.id = x.id AND ${listed})`);
    let after = NIL;
    for (;;) {
      // Keyset batches: each refresh looks up a bounded array of ids through the primary keys.
      const [{ last }] = (await db.query(
        `WITH batch AS (SELECT b.id FROM ${base} b WHERE b.id > $1 AND ${listed} ORDER BY b.id LIMIT ${BATCH})
         SELECT ${refresh}(ARRAY(SELECT id FROM batch)) AS done, (SELECT id FROM batch ORDER BY id DESC LIMIT 1) AS last`,
        [after],
      )) as { last: string | null }[];
      if (last === null) break;
      after = last;
    }
  }
  await db.query(`DELETE FROM workforce_search s WHERE NOT EXISTS (SELECT FROM workforce_rows w WHERE w.id = s.id)`);
  await db.query(`LOCK TABLE listing_counts IN EXCLUSIVE MODE`);
  await db.query(`DELETE FROM listing_counts`);
  for (const { listing, items } of COUNTED) {
    // Hours first, then rolled up to days and months: one pass over the items.
    await db.query(
      `WITH hours AS (
         SELECT client_account_id, key, date_trunc('hour', at, 'UTC') AS hour, count(*) AS n FROM (${items}) items GROUP BY 1, 2, 3
       )
       INSERT INTO listing_counts (client_account_id, listing, grain, bucket, key, slot, n)
       SELECT client_account_id, $1, g.grain, date_trunc(g.grain, hour, 'UTC'), key, 0, sum(n)
         FROM hours CROSS JOIN (VALUES ('month'), ('day'), ('hour')) g (grain)
        GROUP BY client_account_id, g.grain, date_trunc(g.grain, hour, 'UTC'), key`,
      [listing],
    );
  }
}

export type ListingRowsTable = (typeof LISTING_ROWS)[number]['rows'];

/** The tables of listing rows, each buildable apart (`buildListingRows`). */
export const LISTING_ROWS_TABLES: readonly ListingRowsTable[] = LISTING_ROWS.map((listing) => listing.rows);

/**
 * Lists the base rows whose ids lie in [first, last] that a writer inserted with its listing rows
 * deferred (`SET LOCAL mwr.listing_rows = 'deferred'`, migration 7): the seeder, whose batch ids
 * share a prefix. Set-based, in keyset batches; the counting triggers count what it inserts, so
 * it must run in a transaction that does not defer, and a listing's rows and counts become
 * visible together when it commits. A row listed already (a verb changed it since, and its
 * trigger listed it) is left as it is, and so is not counted twice.
 *
 * Most of its time goes to the trigram index of the search documents: inserted one document at a
 * time, it costs about twice what building the index anew does. A writer that knows the table was
 * empty when it began (the seeder of a new database: the demo's, a benchmark's) may ask for
 * `rebuildSearchIndex`: the table is locked first, the index dropped and built again within the
 * transaction, and the table's readers and writers wait for it. Anywhere else that would be DDL on a
 * table others are writing: a deadlock waiting to happen, and a wait for everyone.
 */
export async function buildListingRows(
  db: SqlRunner,
  table: ListingRowsTable,
  first: string,
  last: string,
  options: { rebuildSearchIndex?: boolean } = {},
): Promise<void> {
  if (!options.rebuildSearchIndex) return insertListingRows(db, table, first, last);
  const { documents } = LISTING_ROWS.find((listing) => listing.rows === table) as (typeof LISTING_ROWS)[number];
  // Locked before anything else is read, so that no lock is ever upgraded.
  await db.query(`LOCK TABLE ${documents} IN ACCESS EXCLUSIVE MODE`);
  const indexes = (await db.query(
    `SELECT c.relname AS name, pg_get_indexdef(c.oid) AS definition
       FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am am ON am.oid = c.relam
      WHERE i.indrelid = $1::regclass AND am.amname = 'gin'`,
    [documents],
  )) as { name: string; definition: string }[];
  for (const { name } of indexes) await db.query(`DROP INDEX ${name}`);
  await insertListingRows(db, table, first, last);
  await db.query(`SET LOCAL maintenance_work_mem = '256MB'`);
  for (const { definition } of indexes) await db.query(definition);
}

async function insertListingRows(db: SqlRunner, table: ListingRowsTable, first: string, last: string): Promise<void> {
  const { rows, base, view, lock, columns } = LISTING_ROWS.find((listing) => listing.rows === table) as (typeof LISTING_ROWS)[number];
  const alsoSearch =
    rows === 'workforce_rows'
      ? `, documents AS (INSERT INTO workforce_search (id, client_account_id, mission_date, search)
                         SELECT id, client_account_id, mission_date, search FROM batch ON CONFLICT ON CONSTRAINT workforce_search_pkey DO NOTHING)`
      : '';
  let from = first;
  for (;;) {
    // The batch's bounds first, from the base table's primary key, so that the view is then
    // planned for the batch alone rather than sorted whole for each batch.
    const [{ upto }] = (await db.query(
      `SELECT coalesce((SELECT id FROM ${base} WHERE id >= $1 AND id <= $2 ORDER BY id OFFSET ${BATCH - 1} LIMIT 1), $2::uuid) AS upto`,
      [from, last],
    )) as { upto: string }[];
    // As a refresh does, and the base rows too (no trigger's statement holds them): what the rows
    // are computed from is share-locked first, and read by the next statement, whose snapshot sees
    // every change that was under way when the locks were taken. Without it, a review committing
    // meanwhile could unlist a register that the build then lists.
    await db.query(
      `WITH batch AS (SELECT id FROM ${base} WHERE id >= $1 AND id <= $2 FOR SHARE) SELECT ${lock}(ARRAY(SELECT id FROM batch))`,
      [from, upto],
    );
    await db.query(
      `WITH batch AS (SELECT * FROM ${view} WHERE id >= $1 AND id <= $2),
       listed AS (
         INSERT INTO ${rows} (id, client_account_id, ${columns}) SELECT id, client_account_id, ${columns} FROM batch ORDER BY id
         ON CONFLICT ON CONSTRAINT ${rows}_pkey DO NOTHING
       )${alsoSearch}
       SELECT`,
      [from, upto],
    );
    if (upto === last) return;
    const [next] = (await db.query(`SELECT id FROM ${base} WHERE id > $1 AND id <= $2 ORDER BY id LIMIT 1`, [upto, last])) as { id: string }[];
    if (!next) return;
    from = next.id;
  }
}
