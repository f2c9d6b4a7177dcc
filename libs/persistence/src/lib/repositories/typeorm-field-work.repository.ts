import { type ChangeContext, DeliveryStop, FieldWorkRepository, NotFoundError, PdvRecord } from '@mwr/domain';
import type { DataSource, EntityManager } from 'typeorm';
import { appendEvents } from '../outbox/append-events';
import { changeContext } from './typeorm-participant.repository';
import { isUuid } from './uuid';

/** How one kind of record is locked, read, and written back. */
interface RecordKind<M, X> {
  notFound(id: string): NotFoundError;
  /** Locks the row `$2` of account `$1`, answering its columns, `mu_key` and `mission_id`. */
  select: string;
  restore(row: Record<string, unknown>): { record: M; extra: X };
  save(manager: EntityManager, accountId: string, record: M): Promise<unknown>;
}

const PDV: RecordKind<PdvRecord, { product: string }> = {
  notFound: NotFoundError.pdv,
  select: `SELECT p.id, p.register_id, p.import_products_id, p.status, p.delivered_at, ip.name AS product, mu.mu_key, mu.mission_id
             FROM pdv_records p
             JOIN registers r ON r.id = p.register_id AND r.client_account_id = p.client_account_id
             JOIN missions_users mu ON mu.id = r.missions_user_id AND mu.client_account_id = r.client_account_id
             JOIN import_products ip ON ip.id = p.import_products_id AND ip.client_account_id = p.client_account_id
            WHERE p.client_account_id = $1 AND p.id = $2
            FOR UPDATE OF p`,
  restore: (row) => ({
    record: PdvRecord.restore({
      id: row['id'] as string,
      registerId: row['register_id'] as string,
      importProductsId: row['import_products_id'] as string,
      status: row['status'] as 'PENDING' | 'DONE',
      deliveredAt: row['delivered_at'] as Date | null,
    }),
    extra: { product: row['product'] as string },
  }),
  save: (manager, accountId, record) => {
    const { id, status, deliveredAt } = record.state;
    return manager.query(`UPDATE pdv_records SET status = $3, delivered_at = $4, updated_at = $5 WHERE client_account_id = $1 AND id = $2`, [
      accountId,
      id,
      status,
      deliveredAt,
      new Date(),
    ]);
  },
};

const STOP: RecordKind<DeliveryStop, { placeName: string }> = {
  notFound: NotFoundError.stop,
  select: `SELECT s.id, s.type, s.identifier, s.progress, s.started_at, s.finished_at, dp.name AS place_name, mu.mu_key, mu.mission_id
             FROM delivery_stops s
             JOIN missions_users mu ON mu.id = s.missions_user_id AND mu.client_account_id = s.client_account_id
             JOIN delivery_places dp ON dp.id = s.delivery_place_id AND dp.client_account_id = s.client_account_id
            WHERE s.client_account_id = $1 AND s.id = $2
            FOR UPDATE OF s`,
  restore: (row) => ({
    record: DeliveryStop.restore({
      id: row['id'] as string,
      type: row['type'] as 'COLLECTION' | 'DELIVERY',
      identifier: row['identifier'] as string,
      progress: row['progress'] as 1 | 2,
      startedAt: row['started_at'] as Date,
      finishedAt: row['finished_at'] as Date | null,
    }),
    extra: { placeName: row['place_name'] as string },
  }),
  save: (manager, accountId, stop) => {
    const { id, progress, finishedAt } = stop.state;
    return manager.query(`UPDATE delivery_stops SET progress = $3, finished_at = $4, updated_at = $5 WHERE client_account_id = $1 AND id = $2`, [
      accountId,
      id,
      progress,
      finishedAt,
      new Date(),
    ]);
  },
};

export class TypeOrmFieldWorkRepository extends FieldWorkRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  changePdv(accountId: string, pdvId: string, mutate: (record: PdvRecord, context: ChangeContext & { product: string }) => void): Promise<PdvRecord> {
    return this.change(PDV, accountId, pdvId, mutate);
  }

  changeStop(accountId: string, stopId: string, mutate: (stop: DeliveryStop, context: ChangeContext & { placeName: string }) => void): Promise<DeliveryStop> {
    return this.change(STOP, accountId, stopId, mutate);
  }

  /** One transaction: lock the row, let the domain change it, write it back and then its events. */
  private async change<M, X>(kind: RecordKind<M, X>, accountId: string, id: string, mutate: (record: M, context: ChangeContext & X) => void): Promise<M> {
    if (!isUuid(id)) throw kind.notFound(id);
    return this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query(kind.select, [accountId, id]);
      if (!row) throw kind.notFound(id);
      const { record, extra } = kind.restore(row);
      const context = await changeContext(manager, accountId, row.mu_key, row.mission_id);
      mutate(record, { ...context, ...extra });
      await kind.save(manager, accountId, record);
      await appendEvents(manager, context.recorded);
      return record;
    });
  }
}
