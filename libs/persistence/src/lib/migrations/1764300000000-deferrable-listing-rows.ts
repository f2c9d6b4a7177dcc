import type { MigrationInterface, QueryRunner } from 'typeorm';
import { COUNT_FORM_ANSWERS, REFRESH_FUNCTIONS } from './1764200000000-listing-rows-and-counts';

/**
 * Lets a bulk writer (the seeder) leave the listing rows of what it inserts to one set-based build
 * at the end (`buildListingRows`) instead of refreshing them statement by statement: a million
 * seeded missions otherwise spend about 40 % of their time in those refreshes.
 *
 * - A transaction opts out with `SET LOCAL mwr.listing_rows = 'deferred'`: the triggers that
 *   refresh listing rows from base tables skip its statements. The triggers that count (listing
 *   rows, stops, form answers) never skip, so every total still agrees with what is listed: rows
 *   a writer deferred are neither listed nor counted until they are built.
 * - Which base rows make which listing row is said once, by the views `workforce_listed`,
 *   `register_listed` and `pdv_listed`; the refresh functions and the bulk build both read them.
 * - Form answers are counted per submission: the trigger joined every answer row to `forms_data`,
 *   which the planner did with a hash of the whole table once a statement held a few thousand
 *   answers (a seeded chunk), so each chunk took longer than the last.
 */
export class DeferrableListingRows1764300000000 implements MigrationInterface {
  name = 'DeferrableListingRows1764300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION listing_rows_maintained() RETURNS boolean
        LANGUAGE sql STABLE PARALLEL SAFE
        RETURN current_setting('mwr.listing_rows', true) IS DISTINCT FROM 'deferred';

      -- Workforce: participants of missions whose main mission has check_in_check_out.
      CREATE VIEW workforce_listed AS
      SELECT mu.id, mu.client_account_id, m.mission_date, mu.status,
             search_document(mu.user_name, mm.name, m.mb_key, mu.mu_key) AS search
        FROM missions_users mu
        JOIN missions m ON m.id = mu.mission_id
        JOIN main_missions mm ON mm.id = m.main_mission_id
       WHERE mm.check_in_check_out;

      -- Registers: APPROVED ones; the mission is the participant's, as the item shows it.
      CREATE VIEW register_listed AS
      SELECT r.id, r.client_account_id, r.updated_at, search_document(mm.name, m.mb_key, mu.mu_key, r.identifier) AS search
        FROM registers r
        JOIN missions_users mu ON mu.id = r.missions_user_id
        JOIN missions m ON m.id = mu.mission_id
        JOIN main_missions mm ON mm.id = m.main_mission_id
       WHERE r.status = 'APPROVED';

      -- Point of sale: DONE records.
      CREATE VIEW pdv_listed AS
      SELECT p.id, p.client_account_id, p.updated_at, search_document(ip.name, mm.name, m.mb_key, mu.mu_key, r.identifier) AS search
        FROM pdv_records p
        JOIN import_products ip ON ip.id = p.import_products_id
        JOIN registers r ON r.id = p.register_id
        JOIN missions_users mu ON mu.id = r.missions_user_id
        JOIN missions m ON m.id = mu.mission_id
        JOIN main_missions mm ON mm.id = m.main_mission_id
       WHERE p.status = 'DONE';

      -- What a listing row is computed from besides its base row, share-locked: its ancestors
      -- (mission, main mission, participant, register, product). A refresh locks them first (its
      -- trigger's statement holds the changed rows already), then computes with a snapshot taken
      -- after those locks: a concurrent change of an ancestor either waits for it, or has
      -- committed and is seen. Without it, two transactions changing a participant and its mission
      -- at once could each compute from the other's old row. A bulk build locks the base rows too.
      CREATE FUNCTION lock_workforce_row_ancestors(ids uuid[]) RETURNS void
        LANGUAGE sql AS $$
        SELECT FROM missions_users mu
          JOIN missions m ON m.id = mu.mission_id
          JOIN main_missions mm ON mm.id = m.main_mission_id
         WHERE mu.id = ANY (ids)
           FOR SHARE OF m, mm;
      $$;

      CREATE FUNCTION lock_register_row_ancestors(ids uuid[]) RETURNS void
        LANGUAGE sql AS $$
        SELECT FROM registers r
          JOIN missions_users mu ON mu.id = r.missions_user_id
          JOIN missions m ON m.id = mu.mission_id
          JOIN main_missions mm ON mm.id = m.main_mission_id
         WHERE r.id = ANY (ids)
           FOR SHARE OF mu, m, mm;
      $$;

      CREATE FUNCTION lock_pdv_row_ancestors(ids uuid[]) RETURNS void
        LANGUAGE sql AS $$
        SELECT FROM pdv_records p
          JOIN import_products ip ON ip.id = p.import_products_id
          JOIN registers r ON r.id = p.register_id
          JOIN missions_users mu ON mu.id = r.missions_user_id
          JOIN missions m ON m.id = mu.mission_id
          JOIN main_missions mm ON mm.id = m.main_mission_id
         WHERE p.id = ANY (ids)
           FOR SHARE OF ip, r, mu, m, mm;
      $$;

      -- Each refresh makes the listing rows of the given ids what the views say they are:
      -- inserted, changed (only where something differs, so counts move only on real changes) or
      -- deleted.
      CREATE OR REPLACE FUNCTION refresh_workforce_rows(ids uuid[]) RETURNS void
        LANGUAGE sql AS $$
        SELECT lock_workforce_row_ancestors(ids);
        DELETE FROM workforce_rows w
         WHERE w.id = ANY (ids) AND NOT EXISTS (SELECT FROM workforce_listed l WHERE l.id = w.id);
        DELETE FROM workforce_search s
         WHERE s.id = ANY (ids) AND NOT EXISTS (SELECT FROM workforce_rows w WHERE w.id = s.id);
        INSERT INTO workforce_rows AS w (id, client_account_id, mission_date, status)
        SELECT id, client_account_id, mission_date, status FROM workforce_listed WHERE id = ANY (ids) ORDER BY id
        ON CONFLICT (id) DO UPDATE SET mission_date = EXCLUDED.mission_date, status = EXCLUDED.status
         WHERE (w.mission_date, w.status) IS DISTINCT FROM (EXCLUDED.mission_date, EXCLUDED.status);
        INSERT INTO workforce_search AS s (id, client_account_id, mission_date, search)
        SELECT id, client_account_id, mission_date, search FROM workforce_listed WHERE id = ANY (ids) ORDER BY id
        ON CONFLICT (id) DO UPDATE SET mission_date = EXCLUDED.mission_date, search = EXCLUDED.search
         WHERE (s.mission_date, s.search) IS DISTINCT FROM (EXCLUDED.mission_date, EXCLUDED.search);
      $$;

      CREATE OR REPLACE FUNCTION refresh_register_rows(ids uuid[]) RETURNS void
        LANGUAGE sql AS $$
        SELECT lock_register_row_ancestors(ids);
        DELETE FROM register_rows x
         WHERE x.id = ANY (ids) AND NOT EXISTS (SELECT FROM register_listed l WHERE l.id = x.id);
        INSERT INTO register_rows AS x (id, client_account_id, updated_at, search)
        SELECT id, client_account_id, updated_at, search FROM register_listed WHERE id = ANY (ids) ORDER BY id
        ON CONFLICT (id) DO UPDATE SET updated_at = EXCLUDED.updated_at, search = EXCLUDED.search
         WHERE (x.updated_at, x.search) IS DISTINCT FROM (EXCLUDED.updated_at, EXCLUDED.search);
      $$;

      CREATE OR REPLACE FUNCTION refresh_pdv_rows(ids uuid[]) RETURNS void
        LANGUAGE sql AS $$
        SELECT lock_pdv_row_ancestors(ids);
        DELETE FROM pdv_rows x
         WHERE x.id = ANY (ids) AND NOT EXISTS (SELECT FROM pdv_listed l WHERE l.id = x.id);
        INSERT INTO pdv_rows AS x (id, client_account_id, updated_at, search)
        SELECT id, client_account_id, updated_at, search FROM pdv_listed WHERE id = ANY (ids) ORDER BY id
        ON CONFLICT (id) DO UPDATE SET updated_at = EXCLUDED.updated_at, search = EXCLUDED.search
         WHERE (x.updated_at, x.search) IS DISTINCT FROM (EXCLUDED.updated_at, EXCLUDED.search);
      $$;

      -- Answers grouped by submission before the join: the planner expects a few hundred primary
      -- key lookups. Each submission is share-locked by the statement that reads it (the old ones
      -- for -1, the new ones for +1), as the refreshes lock what they read.
      CREATE OR REPLACE FUNCTION count_form_answers() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          PERFORM add_listing_deltas('form_answers', ARRAY(
            SELECT (fd.client_account_id, fd.form_id, fd.answered_at, -a.n)::listing_delta
              FROM (SELECT forms_data_id, count(*)::int AS n FROM old_rows GROUP BY forms_data_id) a
              JOIN forms_data fd ON fd.id = a.forms_data_id
               FOR SHARE OF fd));
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          PERFORM add_listing_deltas('form_answers', ARRAY(
            SELECT (fd.client_account_id, fd.form_id, fd.answered_at, a.n)::listing_delta
              FROM (SELECT forms_data_id, count(*)::int AS n FROM new_rows GROUP BY forms_data_id) a
              JOIN forms_data fd ON fd.id = a.forms_data_id
               FOR SHARE OF fd));
        END IF;
        RETURN NULL;
      END $$;
    `);
    await recreateRefreshTriggers(db, ' FOR EACH STATEMENT EXECUTE', ' FOR EACH STATEMENT WHEN (listing_rows_maintained()) EXECUTE');
  }

  async down(db: QueryRunner): Promise<void> {
    await recreateRefreshTriggers(db, ' FOR EACH STATEMENT WHEN (listing_rows_maintained()) EXECUTE', ' FOR EACH STATEMENT EXECUTE');
    await db.query(`DROP FUNCTION refresh_workforce_rows, refresh_register_rows, refresh_pdv_rows`);
    await db.query(REFRESH_FUNCTIONS);
    await db.query(COUNT_FORM_ANSWERS.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION'));
    await db.query(`DROP FUNCTION lock_workforce_row_ancestors, lock_register_row_ancestors, lock_pdv_row_ancestors`);
    await db.query(`DROP VIEW workforce_listed, register_listed, pdv_listed; DROP FUNCTION listing_rows_maintained`);
  }
}

/** The triggers that refresh listing rows from a base table's change; the counting ones are left alone. */
const REFRESHING = ['missions_users', 'missions', 'main_missions', 'registers', 'pdv_records', 'import_products'];

/** Drops and recreates each refreshing trigger (migration 6 named them `<table>_<event>_listings`) with one piece of its definition replaced. */
async function recreateRefreshTriggers(db: QueryRunner, from: string, to: string): Promise<void> {
  const triggers: { name: string; table: string; definition: string }[] = await db.query(
    `SELECT t.tgname AS name, c.relname AS table, pg_get_triggerdef(t.oid) AS definition
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
      WHERE c.relname = ANY ($1) AND t.tgname LIKE '%\\_listings' AND NOT t.tgisinternal
      ORDER BY t.tgname`,
    [REFRESHING],
  );
  if (triggers.length !== 12) throw new Error(`expected the 12 refreshing listing triggers of migration 6, found ${triggers.length}`);
  for (const { name, table, definition } of triggers) {
    if (!definition.includes(from)) throw new Error(`trigger ${name} is not as expected: ${definition}`);
    await db.query(`DROP TRIGGER ${name} ON ${table}`);
    await db.query(definition.replace(from, to));
  }
}
