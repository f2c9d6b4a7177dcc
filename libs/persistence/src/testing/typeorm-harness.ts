import { randomUUID } from 'node:crypto';
import type { DomainEvent } from '@mwr/domain';
import type { PersistenceHarness } from '@mwr/domain/testing';
import type { DataSource } from 'typeorm';
import { TypeOrmClientAccountRepository } from '../lib/repositories/typeorm-client-account.repository';
import { TypeOrmDemandRepository } from '../lib/repositories/typeorm-demand.repository';
import { TypeOrmIdempotencyKeys } from '../lib/repositories/typeorm-idempotency-keys';
import { TypeOrmParticipantRepository } from '../lib/repositories/typeorm-participant.repository';
import { TypeOrmFieldWorkRepository } from '../lib/repositories/typeorm-field-work.repository';
import { TypeOrmWebhookRepository } from '../lib/repositories/typeorm-webhook.repository';
import { PostgresEventFeed } from '../lib/read-models/event-feed.read-model';
import { PostgresDemandReadModel } from '../lib/read-models/demand.read-model';

/** The PostgreSQL adapters with fixtures written as rows, for the shared port contract suites. */
export function typeOrmHarness(db: DataSource): PersistenceHarness {
  const one = async <T>(sql: string, params: unknown[]): Promise<T> => (await db.query(sql, params))[0];
  return {
    accounts: new TypeOrmClientAccountRepository(db),
    demands: new TypeOrmDemandRepository(db),
    idempotencyKeys: new TypeOrmIdempotencyKeys(db),
    participants: new TypeOrmParticipantRepository(db),
    fieldWork: new TypeOrmFieldWorkRepository(db),
    eventFeed: new PostgresEventFeed(db),
    webhooks: new TypeOrmWebhookRepository(db),
    demandReads: new PostgresDemandReadModel(db),
    fixtures: {
      async account() {
        const id = randomUUID();
        await db.query(
          `INSERT INTO client_accounts (id, client_id, name, secret_hash, created_at) VALUES ($1, $2, 'Test', '', now())`,
          [id, `cl_${id}`],
        );
        return id;
      },
      async mainMission(accountId, subcategory) {
        const sub = await one<{ id: string }>(
          `INSERT INTO subcategories (id, client_account_id, name, check_in_check_out, requires_form)
           VALUES ($1, $2, 'Sub', $3, $4) RETURNING id`,
          [randomUUID(), accountId, subcategory.checkInCheckOut, subcategory.requiresForm],
        );
        const mission = await one<{ id: string }>(
          `INSERT INTO main_missions (id, client_account_id, subcategory_id, name, check_in_check_out)
           VALUES ($1, $2, $3, 'Mission', $4) RETURNING id`,
          [randomUUID(), accountId, sub.id, subcategory.checkInCheckOut],
        );
        return mission.id;
      },
      async store(accountId, isWorkforce) {
        const row = await one<{ id: number }>(
          `INSERT INTO stores (client_account_id, name, is_workforce) VALUES ($1, 'Store', $2) RETURNING id`,
          [accountId, isWorkforce],
        );
        return row.id;
      },
      async form(accountId, kind) {
        const row = await one<{ uuid: string }>(
          `INSERT INTO forms (uuid, client_account_id, kind, name) VALUES ($1, $2, $3, 'Form') RETURNING uuid`,
          [randomUUID(), accountId, kind],
        );
        return row.uuid;
      },
      async demandsOf(accountId) {
        const rows: { id: string; mb_keys: string[] }[] = await db.query(
          `SELECT d.id, array_agg(m.mb_key ORDER BY m.mb_key) AS mb_keys
             FROM demands d JOIN missions m ON m.demand_id = d.id
            WHERE d.client_account_id = $1 GROUP BY d.id`,
          [accountId],
        );
        const orphans = await one<{ n: number }>(`SELECT count(*)::int AS n FROM missions m WHERE m.client_account_id = $1
          AND NOT EXISTS (SELECT 1 FROM demands d WHERE d.id = m.demand_id)`, [accountId]);
        if (orphans.n > 0) throw new Error('missions without a demand');
        return rows.map((row) => ({ id: row.id, mbKeys: row.mb_keys }));
      },
      async pdvRecord(accountId, muKey, product) {
        const participant = await one<{ id: string; mission_id: string }>(
          `SELECT id, mission_id FROM missions_users WHERE client_account_id = $1 AND mu_key = $2`,
          [accountId, muKey],
        );
        await db.query(
          `INSERT INTO registers (id, client_account_id, missions_user_id, mission_id, identifier, status, created_at, updated_at)
           VALUES ($1, $2, $3, $4, 'REG-1', 'PENDING', now(), now()) ON CONFLICT DO NOTHING`,
          [randomUUID(), accountId, participant.id, participant.mission_id],
        );
        const register = await one<{ id: string }>(`SELECT id FROM registers WHERE missions_user_id = $1`, [participant.id]);
        const productId = randomUUID();
        await db.query(`INSERT INTO import_products (id, client_account_id, name) VALUES ($1, $2, $3)`, [productId, accountId, product]);
        const id = randomUUID();
        await db.query(
          `INSERT INTO pdv_records (id, client_account_id, register_id, import_products_id, status, updated_at) VALUES ($1, $2, $3, $4, 'PENDING', now())`,
          [id, accountId, register.id, productId],
        );
        return id;
      },
      async stop(accountId, muKey, startedAt) {
        const participant = await one<{ id: string }>(`SELECT id FROM missions_users WHERE client_account_id = $1 AND mu_key = $2`, [accountId, muKey]);
        const placeId = randomUUID();
        await db.query(`INSERT INTO delivery_places (id, client_account_id, name, address) VALUES ($1, $2, 'Depot', 'Rua A, 1')`, [placeId, accountId]);
        const id = randomUUID();
        await db.query(
          `INSERT INTO delivery_stops (id, client_account_id, missions_user_id, delivery_place_id, type, progress, identifier, started_at, updated_at)
           VALUES ($1, $2, $3, $4, 'DELIVERY', 1, 'STOP-1', $5, $5)`,
          [id, accountId, participant.id, placeId, startedAt],
        );
        return id;
      },
      async eventsOf(accountId) {
        const rows: { id: string; type: DomainEvent['type']; occurred_at: Date; data: DomainEvent['data'] }[] = await db.query(
          `SELECT id, type, occurred_at, data FROM events WHERE client_account_id = $1 ORDER BY position`,
          [accountId],
        );
        return rows.map((row) => ({ id: row.id, accountId, type: row.type, occurredAt: row.occurred_at, data: row.data }));
      },
    },
  };
}
