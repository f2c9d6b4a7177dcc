/** Whatever sends SQL: a DataSource, a QueryRunner or an EntityManager. */
export interface SqlRunner {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

const BATCH = 20_000;

/** The listing rows tables and the base table and refresh function each is made from. */
const LISTING_ROWS = [
  { rows: 'workforce_rows', base: 'missions_users', refresh: 'refresh_workforce_rows', listed: 'true' },
  { rows: 'register_rows', base: 'registers', refresh: 'refresh_register_rows', listed: `b.status = 'APPROVED'` },
  { rows: 'pdv_rows', base: 'pdv_records', refresh: 'refresh_pdv_rows', listed: `b.status = 'DONE'` },
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
    let after = '00000000-0000-0000-0000-000000000000';
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
