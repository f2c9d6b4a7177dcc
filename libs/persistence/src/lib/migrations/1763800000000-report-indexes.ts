import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the five report listings read through. Each btree index leads with the client account, then
 * the listing's filter, then its order (newest first, id as tie-break), so a page is an index range
 * scan that stops at LIMIT. `search` (a case-insensitive substring) uses trigram GIN indexes that
 * also lead with the account (btree_gin lets a uuid sit in a GIN index).
 */
export class ReportIndexes1763800000000 implements MigrationInterface {
  name = 'ReportIndexes1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
      CREATE EXTENSION IF NOT EXISTS btree_gin;

      -- One format for every date-time a listing writes, also inside JSON blocks: UTC, ms, Z.
      CREATE FUNCTION iso_utc(ts timestamptz) RETURNS text
        LANGUAGE sql IMMUTABLE PARALLEL SAFE
        RETURN to_char(ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"');

      -- Workforce results: participants ordered by their mission's date.
      CREATE INDEX missions_account_date_idx ON missions (client_account_id, mission_date DESC, id DESC);
      CREATE INDEX missions_users_account_status_idx ON missions_users (client_account_id, status);
      CREATE INDEX missions_users_user_name_trgm ON missions_users USING gin (client_account_id, user_name gin_trgm_ops);
      CREATE INDEX missions_users_mu_key_trgm ON missions_users USING gin (client_account_id, mu_key gin_trgm_ops);
      CREATE INDEX missions_mb_key_trgm ON missions USING gin (client_account_id, mb_key gin_trgm_ops);
      CREATE INDEX main_missions_name_trgm ON main_missions USING gin (client_account_id, name gin_trgm_ops);

      -- Register results: APPROVED only, by last update.
      CREATE INDEX registers_account_approved_updated_idx ON registers (client_account_id, updated_at DESC, id DESC)
        WHERE status = 'APPROVED';
      CREATE INDEX registers_identifier_trgm ON registers USING gin (client_account_id, identifier gin_trgm_ops);

      -- Form answers: one form's submissions by answer time.
      CREATE INDEX forms_data_account_form_answered_idx ON forms_data (client_account_id, form_id, answered_at DESC, id DESC);

      -- Collections and deliveries: stops by start.
      CREATE INDEX delivery_stops_account_started_idx ON delivery_stops (client_account_id, started_at DESC, id DESC);
      CREATE INDEX delivery_stops_account_progress_started_idx ON delivery_stops (client_account_id, progress, started_at DESC, id DESC);

      -- Point-of-sale results: DONE records by last update.
      CREATE INDEX pdv_records_account_done_updated_idx ON pdv_records (client_account_id, updated_at DESC, id DESC)
        WHERE status = 'DONE';
      CREATE INDEX pdv_records_account_register_done_idx ON pdv_records (client_account_id, register_id) WHERE status = 'DONE';
      CREATE INDEX import_products_name_trgm ON import_products USING gin (client_account_id, name gin_trgm_ops);
    `);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      DROP INDEX missions_account_date_idx, missions_users_account_status_idx, missions_users_user_name_trgm,
        missions_users_mu_key_trgm, missions_mb_key_trgm, main_missions_name_trgm, registers_account_approved_updated_idx,
        registers_identifier_trgm, forms_data_account_form_answered_idx, delivery_stops_account_started_idx,
        delivery_stops_account_progress_started_idx, pdv_records_account_done_updated_idx,
        pdv_records_account_register_done_idx, import_products_name_trgm;
      DROP FUNCTION iso_utc(timestamptz);
    `);
  }
}
