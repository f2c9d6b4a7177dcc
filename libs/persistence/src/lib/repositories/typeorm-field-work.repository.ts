import { type ChangeContext, DeliveryStop, FieldWorkRepository, NotFoundError, PdvRecord } from '@mwr/domain';
import type { DataSource } from 'typeorm';
import { appendEvents } from '../outbox/append-events';
import { isUuid } from './uuid';
import { changeContext } from './typeorm-participant.repository';

export class TypeOrmFieldWorkRepository extends FieldWorkRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  changePdv(accountId: string, pdvId: string, mutate: (record: PdvRecord, context: ChangeContext & { product: string }) => void): Promise<PdvRecord> {
    if (!isUuid(pdvId)) return Promise.reject(NotFoundError.pdv(pdvId));
    return this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query(
        `SELECT p.id, p.register_id, p.import_products_id, p.status, p.delivered_at, ip.name AS product, mu.mu_key, mu.mission_id
           FROM pdv_records p
           JOIN registers r ON r.id = p.register_id AND r.client_account_id = p.client_account_id
           JOIN missions_users mu ON mu.id = r.missions_user_id AND mu.client_account_id = r.client_account_id
           JOIN import_products ip ON ip.id = p.import_products_id AND ip.client_account_id = p.client_account_id
          WHERE p.client_account_id = $1 AND p.id = $2
          FOR UPDATE OF p`,
        [accountId, pdvId],
      );
      if (!row) throw NotFoundError.pdv(pdvId);
      const record = PdvRecord.restore({
        id: row.id,
        registerId: row.register_id,
        importProductsId: row.import_products_id,
        status: row.status,
        deliveredAt: row.delivered_at,
      });
      const context = await changeContext(manager, accountId, row.mu_key, row.mission_id);
      mutate(record, { ...context, product: row.product });
      const { status, deliveredAt } = record.state;
      await manager.query(`UPDATE pdv_records SET status = $3, delivered_at = $4, updated_at = $5 WHERE client_account_id = $1 AND id = $2`, [
        accountId,
        pdvId,
        status,
        deliveredAt,
        new Date(),
      ]);
      await appendEvents(manager, context.recorded);
      return record;
    });
  }

  changeStop(accountId: string, stopId: string, mutate: (stop: DeliveryStop, context: ChangeContext & { placeName: string }) => void): Promise<DeliveryStop> {
    if (!isUuid(stopId)) return Promise.reject(NotFoundError.stop(stopId));
    return this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query(
        `SELECT s.id, s.type, s.identifier, s.progress, s.started_at, s.finished_at, dp.name AS place_name, mu.mu_key, mu.mission_id
           FROM delivery_stops s
           JOIN missions_users mu ON mu.id = s.missions_user_id AND mu.client_account_id = s.client_account_id
           JOIN delivery_places dp ON dp.id = s.delivery_place_id AND dp.client_account_id = s.client_account_id
          WHERE s.client_account_id = $1 AND s.id = $2
          FOR UPDATE OF s`,
        [accountId, stopId],
      );
      if (!row) throw NotFoundError.stop(stopId);
      const stop = DeliveryStop.restore({
        id: row.id,
        type: row.type,
        identifier: row.identifier,
        progress: row.progress,
        startedAt: row.started_at,
        finishedAt: row.finished_at,
      });
      const context = await changeContext(manager, accountId, row.mu_key, row.mission_id);
      mutate(stop, { ...context, placeName: row.place_name });
      const { progress, finishedAt } = stop.state;
      await manager.query(`UPDATE delivery_stops SET progress = $3, finished_at = $4, updated_at = $5 WHERE client_account_id = $1 AND id = $2`, [
        accountId,
        stopId,
        progress,
        finishedAt,
        new Date(),
      ]);
      await appendEvents(manager, context.recorded);
      return stop;
    });
  }
}
