import { DemandReadModel, type DemandView, PLACE_RELEASING_STATUSES } from '@mwr/domain';
import type { DataSource } from 'typeorm';
import { isUuid } from '../repositories/uuid';

/** One statement: the demand, and its missions with the places taken, in the order of its stores. */
export class PostgresDemandReadModel extends DemandReadModel {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async find(accountId: string, demandId: string): Promise<DemandView | null> {
    if (!isUuid(demandId)) return null;
    const [row] = await this.dataSource.query(
      `SELECT d.id, d.main_mission_id, to_char(d.date_picked, 'YYYY-MM-DD') AS date_picked, iso_utc(d.scheduled_at) AS scheduled_at,
              d.participants, d.stores_ids, d.shifts, d.form_id, d.form_pdv_id, d.custom_fields, iso_utc(d.created_at) AS created_at,
              m.missions
         FROM demands d
         CROSS JOIN LATERAL (
           SELECT coalesce(json_agg(json_build_object(
                    'id', m.id, 'mbKey', m.mb_key, 'storeId', m.store_id, 'missionDate', iso_utc(m.mission_date), 'places', m.places,
                    'placesTaken', (SELECT count(*) FROM missions_users mu  -- what holdsPlace counts
                                     WHERE mu.client_account_id = m.client_account_id AND mu.mission_id = m.id
                                       AND NOT mu.is_buffer AND mu.status <> ALL ($3::smallint[])))
                  ORDER BY array_position(d.stores_ids, m.store_id), m.mb_key), '[]') AS missions
             FROM missions m
            WHERE m.client_account_id = d.client_account_id AND m.demand_id = d.id
         ) m
        WHERE d.client_account_id = $1 AND d.id = $2`,
      [accountId, demandId, PLACE_RELEASING_STATUSES],
    );
    if (!row) return null;
    return {
      id: row.id,
      missionMainId: row.main_mission_id,
      datePicked: row.date_picked,
      scheduledAt: row.scheduled_at,
      participants: row.participants,
      storesIds: row.stores_ids,
      shifts: row.shifts,
      formId: row.form_id,
      formPdvId: row.form_pdv_id,
      custom_fields: row.custom_fields,
      createdAt: row.created_at,
      missions: row.missions,
    };
  }
}
