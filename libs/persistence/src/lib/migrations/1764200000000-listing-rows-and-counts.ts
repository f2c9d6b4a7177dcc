import type { MigrationInterface, QueryRunner } from 'typeorm';
import { rebuildListings } from '../database/rebuild-listings';

/**
 * The refresh functions as this migration wrote them; migration 7 reads them through views and
 * restores these when it is undone.
 */
export const REFRESH_FUNCTIONS = `
      -- Each refresh makes the listing rows of the given ids what the base tables say they are:
      -- inserted, changed (only where something differs, so counts move only on real changes) or
      -- deleted. It first share-locks the rows it reads besides the listed row's own (its
      -- "ancestors": mission, main mission, participant, register, product), then computes with a
      -- snapshot taken after those locks: a concurrent change of an ancestor either waits for this
      -- transaction, or has committed and is seen. Without it, two transactions changing a
      -- participant and its mission at once could each compute from the other's old row.
      -- Workforce: participants of missions whose main mission has check_in_check_out.
      CREATE FUNCTION refresh_workforce_rows(ids uuid[]) RETURNS void
        LANGUAGE sql AS $$
        SELECT FROM missions_users mu
          JOIN missions m ON m.id = mu.mission_id
          JOIN main_missions mm ON mm.id = m.main_mission_id
         WHERE mu.id = ANY (ids)
           FOR SHARE OF m, mm;
        DELETE FROM workforce_rows w
         WHERE w.id = ANY (ids)
           AND NOT EXISTS (
             SELECT FROM missions_users mu
               JOIN missions m ON m.id = mu.mission_id
               JOIN main_missions mm ON mm.id = m.main_mission_id
              WHERE mu.id = w.id AND mm.check_in_check_out);
        DELETE FROM workforce_search s
         WHERE s.id = ANY (ids) AND NOT EXISTS (SELECT FROM workforce_rows w WHERE w.id = s.id);
        INSERT INTO workforce_rows AS w (id, client_account_id, mission_date, status)
        SELECT mu.id, mu.client_account_id, m.mission_date, mu.status
          FROM missions_users mu
          JOIN missions m ON m.id = mu.mission_id
          JOIN main_missions mm ON mm.id = m.main_mission_id
         WHERE mu.id = ANY (ids) AND mm.check_in_check_out
         ORDER BY mu.id
        ON CONFLICT (id) DO UPDATE SET mission_date = EXCLUDED.mission_date, status = EXCLUDED.status
         WHERE (w.mission_date, w.status) IS DISTINCT FROM (EXCLUDED.mission_date, EXCLUDED.status);
        INSERT INTO workforce_search AS s (id, client_account_id, mission_date, search)
        SELECT mu.id, mu.client_account_id, m.mission_date, search_document(mu.user_name, mm.name, m.mb_key, mu.mu_key)
          FROM missions_users mu
          JOIN missions m ON m.id = mu.mission_id
          JOIN main_missions mm ON mm.id = m.main_mission_id
         WHERE mu.id = ANY (ids) AND mm.check_in_check_out
         ORDER BY mu.id
        ON CONFLICT (id) DO UPDATE SET mission_date = EXCLUDED.mission_date, search = EXCLUDED.search
         WHERE (s.mission_date, s.search) IS DISTINCT FROM (EXCLUDED.mission_date, EXCLUDED.search);
      $$;

      -- Registers: APPROVED ones; the mission is the participant's, as the item shows it.
      CREATE FUNCTION refresh_register_rows(ids uuid[]) RETURNS void
        LANGUAGE sql AS $$
        SELECT FROM registers r
          JOIN missions_users mu ON mu.id = r.missions_user_id
          JOIN missions m ON m.id = mu.mission_id
          JOIN main_missions mm ON mm.id = m.main_mission_id
         WHERE r.id = ANY (ids)
           FOR SHARE OF mu, m, mm;
        DELETE FROM register_rows x
         WHERE x.id = ANY (ids)
           AND NOT EXISTS (SELECT FROM registers r WHERE r.id = x.id AND r.status = 'APPROVED');
        INSERT INTO register_rows AS x (id, client_account_id, updated_at, search)
        SELECT r.id, r.client_account_id, r.updated_at, search_document(mm.name, m.mb_key, mu.mu_key, r.identifier)
          FROM registers r
          JOIN missions_users mu ON mu.id = r.missions_user_id
          JOIN missions m ON m.id = mu.mission_id
          JOIN main_missions mm ON mm.id = m.main_mission_id
         WHERE r.id = ANY (ids) AND r.status = 'APPROVED'
         ORDER BY r.id
        ON CONFLICT (id) DO UPDATE SET updated_at = EXCLUDED.updated_at, search = EXCLUDED.search
         WHERE (x.updated_at, x.search) IS DISTINCT FROM (EXCLUDED.updated_at, EXCLUDED.search);
      $$;

      -- Point of sale: DONE records.
      CREATE FUNCTION refresh_pdv_rows(ids uuid[]) RETURNS void
        LANGUAGE sql AS $$
        SELECT FROM pdv_records p
          JOIN import_products ip ON ip.id = p.import_products_id
          JOIN registers r ON r.id = p.register_id
          JOIN missions_users mu ON mu.id = r.missions_user_id
          JOIN missions m ON m.id = mu.mission_id
          JOIN main_missions mm ON mm.id = m.main_mission_id
         WHERE p.id = ANY (ids)
           FOR SHARE OF ip, r, mu, m, mm;
        DELETE FROM pdv_rows x
         WHERE x.id = ANY (ids)
           AND NOT EXISTS (SELECT FROM pdv_records p WHERE p.id = x.id AND p.status = 'DONE');
        INSERT INTO pdv_rows AS x (id, client_account_id, updated_at, search)
        SELECT p.id, p.client_account_id, p.updated_at, search_document(ip.name, mm.name, m.mb_key, mu.mu_key, r.identifier)
          FROM pdv_records p
          JOIN import_products ip ON ip.id = p.import_products_id
          JOIN registers r ON r.id = p.register_id
          JOIN missions_users mu ON mu.id = r.missions_user_id
          JOIN missions m ON m.id = mu.mission_id
          JOIN main_missions mm ON mm.id = m.main_mission_id
         WHERE p.id = ANY (ids) AND p.status = 'DONE'
         ORDER BY p.id
        ON CONFLICT (id) DO UPDATE SET updated_at = EXCLUDED.updated_at, search = EXCLUDED.search
         WHERE (x.updated_at, x.search) IS DISTINCT FROM (EXCLUDED.updated_at, EXCLUDED.search);
      $$;
`;

/** The form answers' counting trigger function as this migration wrote it; migration 7 replaces it. */
export const COUNT_FORM_ANSWERS = `
      -- A form-answers item is one answer, counted at its submission's form and answer time. The
      -- submissions are share-locked first, as the refreshes above lock what they read.
      CREATE FUNCTION count_form_answers() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          PERFORM FROM forms_data fd WHERE fd.id IN (SELECT forms_data_id FROM old_rows) FOR SHARE;
        ELSE
          PERFORM FROM forms_data fd WHERE fd.id IN (SELECT forms_data_id FROM new_rows) FOR SHARE;
        END IF;
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
          PERFORM add_listing_deltas('form_answers', ARRAY(
            SELECT (fd.client_account_id, fd.form_id, fd.answered_at, -1)::listing_delta
              FROM old_rows a JOIN forms_data fd ON fd.id = a.forms_data_id));
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
          PERFORM add_listing_deltas('form_answers', ARRAY(
            SELECT (fd.client_account_id, fd.form_id, fd.answered_at, 1)::listing_delta
              FROM new_rows a JOIN forms_data fd ON fd.id = a.forms_data_id));
        END IF;
        RETURN NULL;
      END $$;
`;

/**
 * What keeps the listings fast at millions of rows (docs/adr/0009):
 *
 * - Listing rows: one narrow row per listed item of the workforce, register and point-of-sale
 *   listings, holding the listing's order columns, its filter column and one search document (the
 *   searched columns, lower-cased, joined by a unit separator; workforce keeps its documents in a
 *   table apart), with a covering index in the listing's order and one trigram index. Pages walk the covering index; `search` is one trigram
 *   match on one table instead of a union of joins.
 * - Count aggregates: `listing_counts` holds, per account, listing, key (workforce status, form id,
 *   stop progress, else 0) and UTC month, day and hour, how many items fall in it. An exact total
 *   sums the whole buckets inside a period and counts the rows of its sub-hour edges (a zone with a
 *   :30 or :45 offset), so every whole-day period of every time zone is exact without a rebuild.
 *   Each transaction adds to the rows of its own slot (its transaction id modulo 64: transactions
 *   running at once have neighbouring ids, so they rarely share a slot), so concurrent writers of
 *   one bucket do not wait on one row, and each statement adds in key order, so writers that do
 *   share a slot cannot deadlock within a statement.
 *
 * Both are kept by triggers in the transaction of the write that changes them, whatever writes it
 * (the service, the CLI, the seeder, SQL by hand), so a total cannot disagree with its rows.
 * Triggers are per statement, with transition tables: a bulk insert of thousands of rows refreshes
 * them with one set-based statement.
 */
export class ListingRowsAndCounts1764200000000 implements MigrationInterface {
  name = 'ListingRowsAndCounts1764200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      -- The old search walked from each searched table down to the listing's rows; the search
      -- documents replace those trigram indexes, which only cost writes now.
      DROP INDEX missions_users_user_name_trgm, missions_users_mu_key_trgm, missions_mb_key_trgm, main_missions_name_trgm,
        registers_identifier_trgm, import_products_name_trgm;

      CREATE TABLE listing_counts (
        client_account_id uuid NOT NULL,
        listing text NOT NULL CHECK (listing IN ('workforce', 'registers', 'pdv', 'deliveries', 'form_answers')),
        grain text NOT NULL CHECK (grain IN ('month', 'day', 'hour')),
        bucket timestamptz NOT NULL,
        key integer NOT NULL,
        slot smallint NOT NULL,
        n bigint NOT NULL,
        PRIMARY KEY (client_account_id, listing, grain, bucket, key, slot)
      );

      CREATE TYPE listing_delta AS (client_account_id uuid, key integer, at timestamptz, n integer);

      -- Adds signed item counts to the month, day and hour buckets (UTC) of each instant.
      CREATE FUNCTION add_listing_deltas(listing text, deltas listing_delta[]) RETURNS void
        LANGUAGE sql AS $$
        INSERT INTO listing_counts AS c (client_account_id, listing, grain, bucket, key, slot, n)
        SELECT d.client_account_id, listing, g.grain, date_trunc(g.grain, d.at, 'UTC'), d.key,
               (txid_current() % 64)::smallint, sum(d.n)
          FROM unnest(deltas) d CROSS JOIN (VALUES ('month'), ('day'), ('hour')) g (grain)
         GROUP BY d.client_account_id, g.grain, date_trunc(g.grain, d.at, 'UTC'), d.key
        HAVING sum(d.n) <> 0
         ORDER BY d.client_account_id, g.grain, date_trunc(g.grain, d.at, 'UTC'), d.key
        ON CONFLICT (client_account_id, listing, grain, bucket, key, slot) DO UPDATE SET n = c.n + EXCLUDED.n
      $$;

      -- The search document: each searched column lower-cased, joined by U+001F, a character no
      -- term is looked up through this document with (see search-document.ts).
      CREATE FUNCTION search_document(VARIADIC parts text[]) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        RETURN lower(array_to_string(parts, chr(31)));

      CREATE TABLE workforce_rows (
        id uuid PRIMARY KEY,
        client_account_id uuid NOT NULL,
        mission_date timestamptz NOT NULL,
        status smallint NOT NULL
      );
      CREATE INDEX workforce_rows_order_idx ON workforce_rows (client_account_id, mission_date DESC, id DESC) INCLUDE (status);
      CREATE INDEX workforce_rows_status_idx ON workforce_rows (client_account_id, status, mission_date DESC, id DESC);
      -- Apart from workforce_rows, which change with every participant verb: a row version whose
      -- indexed columns change is written to every index of its table again, the trigram index too
      -- (about a hundred entries a document, and now and then a flush of its pending list inside the
      -- verb's transaction: a p99 of 590 ms at 16 concurrent verbs). Here a document is written only
      -- when a searched column changes. It carries the mission date too (no verb changes it), so a
      -- search and its period are answered from this table alone. Registers and point-of-sale rows
      -- change rarely.
      CREATE TABLE workforce_search (
        id uuid PRIMARY KEY,
        client_account_id uuid NOT NULL,
        mission_date timestamptz NOT NULL,
        search text NOT NULL
      );
      CREATE INDEX workforce_search_trgm ON workforce_search USING gin (search gin_trgm_ops);

      CREATE TABLE register_rows (
        id uuid PRIMARY KEY,
        client_account_id uuid NOT NULL,
        updated_at timestamptz NOT NULL,
        search text NOT NULL
      );
      CREATE INDEX register_rows_order_idx ON register_rows (client_account_id, updated_at DESC, id DESC);
      CREATE INDEX register_rows_search_trgm ON register_rows USING gin (search gin_trgm_ops);

      CREATE TABLE pdv_rows (
        id uuid PRIMARY KEY,
        client_account_id uuid NOT NULL,
        updated_at timestamptz NOT NULL,
        search text NOT NULL
      );
      CREATE INDEX pdv_rows_order_idx ON pdv_rows (client_account_id, updated_at DESC, id DESC);
      CREATE INDEX pdv_rows_search_trgm ON pdv_rows USING gin (search gin_trgm_ops);

    `);
    await db.query(REFRESH_FUNCTIONS);
    await db.query(`
      -- What each base table's change touches. Transition tables exist only for their events:
      -- new_rows for INSERT and UPDATE, old_rows for UPDATE and DELETE.
      CREATE FUNCTION missions_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        ids uuid[];
        rekeyed uuid[] := '{}';
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ids := ARRAY(SELECT id FROM new_rows);
        ELSIF TG_OP = 'DELETE' THEN
          ids := ARRAY(SELECT id FROM old_rows);
          -- A refresh locks the ancestors of rows that exist; a row that is gone has its old
          -- ancestors locked here, so a concurrent change of them cannot list it again.
          PERFORM FROM missions m JOIN main_missions mm ON mm.id = m.main_mission_id
            WHERE m.id IN (SELECT mission_id FROM old_rows) FOR SHARE OF m, mm;
        ELSE
          ids := ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
                        WHERE (n.status, n.user_name, n.mu_key, n.mission_id) IS DISTINCT FROM (o.status, o.user_name, o.mu_key, o.mission_id));
          rekeyed := ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
                            WHERE (n.mu_key, n.mission_id) IS DISTINCT FROM (o.mu_key, o.mission_id));
          IF cardinality(rekeyed) > 0 THEN
            PERFORM FROM missions m JOIN main_missions mm ON mm.id = m.main_mission_id
              WHERE m.id IN (SELECT mission_id FROM old_rows WHERE id = ANY (rekeyed)) FOR SHARE OF m, mm;
          END IF;
        END IF;
        PERFORM refresh_workforce_rows(ids);
        IF cardinality(rekeyed) > 0 THEN
          PERFORM refresh_register_rows(ARRAY(SELECT id FROM registers WHERE missions_user_id = ANY (rekeyed)));
          PERFORM refresh_pdv_rows(ARRAY(SELECT p.id FROM registers r JOIN pdv_records p ON p.register_id = r.id
                                          WHERE r.missions_user_id = ANY (rekeyed)));
        END IF;
        RETURN NULL;
      END $$;

      CREATE FUNCTION missions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        changed uuid[] := ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
                                 WHERE (n.mission_date, n.mb_key, n.main_mission_id) IS DISTINCT FROM (o.mission_date, o.mb_key, o.main_mission_id));
      BEGIN
        IF cardinality(changed) > 0 THEN
          PERFORM refresh_workforce_rows(ARRAY(SELECT id FROM missions_users WHERE mission_id = ANY (changed)));
          PERFORM refresh_register_rows(ARRAY(SELECT r.id FROM missions_users mu JOIN registers r ON r.missions_user_id = mu.id
                                               WHERE mu.mission_id = ANY (changed)));
          PERFORM refresh_pdv_rows(ARRAY(SELECT p.id FROM missions_users mu JOIN registers r ON r.missions_user_id = mu.id
                                           JOIN pdv_records p ON p.register_id = r.id WHERE mu.mission_id = ANY (changed)));
        END IF;
        RETURN NULL;
      END $$;

      CREATE FUNCTION main_missions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        changed uuid[] := ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
                                 WHERE (n.name, n.check_in_check_out) IS DISTINCT FROM (o.name, o.check_in_check_out));
      BEGIN
        IF cardinality(changed) > 0 THEN
          PERFORM refresh_workforce_rows(ARRAY(SELECT mu.id FROM missions m JOIN missions_users mu ON mu.mission_id = m.id
                                                WHERE m.main_mission_id = ANY (changed)));
          PERFORM refresh_register_rows(ARRAY(SELECT r.id FROM missions m JOIN missions_users mu ON mu.mission_id = m.id
                                               JOIN registers r ON r.missions_user_id = mu.id WHERE m.main_mission_id = ANY (changed)));
          PERFORM refresh_pdv_rows(ARRAY(SELECT p.id FROM missions m JOIN missions_users mu ON mu.mission_id = m.id
                                           JOIN registers r ON r.missions_user_id = mu.id JOIN pdv_records p ON p.register_id = r.id
                                          WHERE m.main_mission_id = ANY (changed)));
        END IF;
        RETURN NULL;
      END $$;

      CREATE FUNCTION registers_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        ids uuid[];
        rekeyed uuid[] := '{}';
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ids := ARRAY(SELECT id FROM new_rows);
        ELSIF TG_OP = 'DELETE' THEN
          ids := ARRAY(SELECT id FROM old_rows);
          PERFORM FROM missions_users mu JOIN missions m ON m.id = mu.mission_id JOIN main_missions mm ON mm.id = m.main_mission_id
            WHERE mu.id IN (SELECT missions_user_id FROM old_rows) FOR SHARE OF mu, m, mm;
        ELSE
          PERFORM FROM missions_users mu JOIN missions m ON m.id = mu.mission_id JOIN main_missions mm ON mm.id = m.main_mission_id
            WHERE mu.id IN (SELECT o.missions_user_id FROM old_rows o JOIN new_rows n ON n.id = o.id
                             WHERE n.missions_user_id IS DISTINCT FROM o.missions_user_id) FOR SHARE OF mu, m, mm;
          ids := ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
                        WHERE (n.status, n.updated_at, n.identifier, n.missions_user_id) IS DISTINCT FROM (o.status, o.updated_at, o.identifier, o.missions_user_id));
          rekeyed := ARRAY(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
                            WHERE (n.identifier, n.missions_user_id) IS DISTINCT FROM (o.identifier, o.missions_user_id));
        END IF;
        PERFORM refresh_register_rows(ids);
        IF cardinality(rekeyed) > 0 THEN
          PERFORM refresh_pdv_rows(ARRAY(SELECT id FROM pdv_records WHERE register_id = ANY (rekeyed)));
        END IF;
        RETURN NULL;
      END $$;

      CREATE FUNCTION lock_pdv_ancestors(products uuid[], registers uuid[]) RETURNS void
        LANGUAGE sql AS $$
        SELECT FROM import_products ip WHERE ip.id = ANY (products) FOR SHARE;
        SELECT FROM registers r
          JOIN missions_users mu ON mu.id = r.missions_user_id
          JOIN missions m ON m.id = mu.mission_id
          JOIN main_missions mm ON mm.id = m.main_mission_id
         WHERE r.id = ANY (registers)
           FOR SHARE OF r, mu, m, mm;
      $$;

      CREATE FUNCTION pdv_records_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        -- A record that is gone or moved has its old ancestors locked, as in missions_users_changed.
        IF TG_OP = 'DELETE' THEN
          PERFORM lock_pdv_ancestors(ARRAY(SELECT o.import_products_id FROM old_rows o), ARRAY(SELECT o.register_id FROM old_rows o));
        ELSIF TG_OP = 'UPDATE' THEN
          PERFORM lock_pdv_ancestors(
            ARRAY(SELECT o.import_products_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.import_products_id <> o.import_products_id),
            ARRAY(SELECT o.register_id FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE n.register_id <> o.register_id));
        END IF;
        IF TG_OP = 'DELETE' THEN
          PERFORM refresh_pdv_rows(ARRAY(SELECT id FROM old_rows));
        ELSE
          PERFORM refresh_pdv_rows(ARRAY(SELECT id FROM new_rows));
        END IF;
        RETURN NULL;
      END $$;

      CREATE FUNCTION import_products_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM refresh_pdv_rows(ARRAY(SELECT p.id FROM new_rows n JOIN old_rows o ON o.id = n.id
                                         JOIN pdv_records p ON p.import_products_id = n.id
                                        WHERE n.name IS DISTINCT FROM o.name));
        RETURN NULL;
      END $$;

    `);
    await db.query(COUNT_FORM_ANSWERS);
    await db.query(`
      -- A submission that moves (another form or answer time) moves its answers' counts.
      CREATE FUNCTION count_moved_form_submissions() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM add_listing_deltas('form_answers', ARRAY(
          SELECT (moved.client_account_id, moved.form_id, moved.answered_at, moved.sign * moved.answers)::listing_delta
            FROM (
              SELECT o.client_account_id, o.form_id, o.answered_at, -1 AS sign, o.id FROM old_rows o JOIN new_rows n ON n.id = o.id
               WHERE (n.form_id, n.answered_at) IS DISTINCT FROM (o.form_id, o.answered_at)
              UNION ALL
              SELECT n.client_account_id, n.form_id, n.answered_at, 1, n.id FROM old_rows o JOIN new_rows n ON n.id = o.id
               WHERE (n.form_id, n.answered_at) IS DISTINCT FROM (o.form_id, o.answered_at)
            ) changed
            CROSS JOIN LATERAL (SELECT changed.*, (SELECT count(*)::int FROM forms_data_answers a WHERE a.forms_data_id = changed.id) AS answers) moved));
        RETURN NULL;
      END $$;
    `);

    // Counts of the listing rows, and of stops, which are listed as they are: each item counts at
    // (its account, its key, its instant).
    const counted: [fn: string, listing: string, key: string, at: string][] = [
      ['count_workforce_rows', 'workforce', 'status', 'mission_date'],
      ['count_register_rows', 'registers', '0', 'updated_at'],
      ['count_pdv_rows', 'pdv', '0', 'updated_at'],
      ['count_delivery_stops', 'deliveries', 'progress', 'started_at'],
    ];
    for (const [fn, listing, key, at] of counted) {
      const deltas = (rows: string, n: number) =>
        `PERFORM add_listing_deltas('${listing}', ARRAY(SELECT (client_account_id, ${key}, ${at}, ${n})::listing_delta FROM ${rows}));`;
      await db.query(`
        CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP IN ('UPDATE', 'DELETE') THEN
            ${deltas('old_rows', -1)}
          END IF;
          IF TG_OP IN ('INSERT', 'UPDATE') THEN
            ${deltas('new_rows', 1)}
          END IF;
          RETURN NULL;
        END $$`);
    }

    const triggers: [table: string, fn: string, events: ('INSERT' | 'UPDATE' | 'DELETE')[]][] = [
      ['missions_users', 'missions_users_changed', ['INSERT', 'UPDATE', 'DELETE']],
      ['missions', 'missions_changed', ['UPDATE']],
      ['main_missions', 'main_missions_changed', ['UPDATE']],
      ['registers', 'registers_changed', ['INSERT', 'UPDATE', 'DELETE']],
      ['pdv_records', 'pdv_records_changed', ['INSERT', 'UPDATE', 'DELETE']],
      ['import_products', 'import_products_changed', ['UPDATE']],
      ['workforce_rows', 'count_workforce_rows', ['INSERT', 'UPDATE', 'DELETE']],
      ['register_rows', 'count_register_rows', ['INSERT', 'UPDATE', 'DELETE']],
      ['pdv_rows', 'count_pdv_rows', ['INSERT', 'UPDATE', 'DELETE']],
      ['delivery_stops', 'count_delivery_stops', ['INSERT', 'UPDATE', 'DELETE']],
      ['forms_data_answers', 'count_form_answers', ['INSERT', 'UPDATE', 'DELETE']],
      ['forms_data', 'count_moved_form_submissions', ['UPDATE']],
    ];
    for (const [table, fn, events] of triggers) {
      for (const event of events) {
        const transitions = { INSERT: 'NEW TABLE AS new_rows', UPDATE: 'OLD TABLE AS old_rows NEW TABLE AS new_rows', DELETE: 'OLD TABLE AS old_rows' }[event];
        await db.query(
          `CREATE TRIGGER ${table}_${event.toLowerCase()}_listings AFTER ${event} ON ${table}
             REFERENCING ${transitions} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
        );
      }
    }

    // The data written before this migration.
    await rebuildListings(db);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP TABLE workforce_rows, workforce_search, register_rows, pdv_rows, listing_counts CASCADE;
      DROP FUNCTION missions_users_changed, missions_changed, main_missions_changed, registers_changed, pdv_records_changed,
        import_products_changed, count_workforce_rows, count_register_rows, count_pdv_rows, count_delivery_stops,
        count_form_answers, count_moved_form_submissions CASCADE;
      DROP FUNCTION refresh_workforce_rows, refresh_register_rows, refresh_pdv_rows, lock_pdv_ancestors, add_listing_deltas, search_document;
      DROP TYPE listing_delta;
      CREATE INDEX missions_users_user_name_trgm ON missions_users USING gin (client_account_id, user_name gin_trgm_ops);
      CREATE INDEX missions_users_mu_key_trgm ON missions_users USING gin (client_account_id, mu_key gin_trgm_ops);
      CREATE INDEX missions_mb_key_trgm ON missions USING gin (client_account_id, mb_key gin_trgm_ops);
      CREATE INDEX main_missions_name_trgm ON main_missions USING gin (client_account_id, name gin_trgm_ops);
      CREATE INDEX registers_identifier_trgm ON registers USING gin (client_account_id, identifier gin_trgm_ops);
      CREATE INDEX import_products_name_trgm ON import_products USING gin (client_account_id, name gin_trgm_ops);
    `);
  }
}
