import { type DemandInput, type DemandReferences, DemandRepository, type NewDemand } from '@mwr/domain';
import type { DataSource } from 'typeorm';
import { DemandOrmEntity, MissionOrmEntity } from '../entities';
import { appendEvents } from '../outbox/append-events';

export class TypeOrmDemandRepository extends DemandRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  async references(accountId: string, input: DemandInput): Promise<DemandReferences> {
    const formUuids = [input.formId, input.formPdvId].filter((id): id is string => id !== null);
    const [missions, forms, stores] = await Promise.all([
      this.dataSource.query(
        `SELECT mm.id, s.check_in_check_out, s.requires_form
           FROM main_missions mm JOIN subcategories s ON s.id = mm.subcategory_id AND s.client_account_id = mm.client_account_id
          WHERE mm.client_account_id = $1 AND mm.id = $2`,
        [accountId, input.missionMainId],
      ),
      formUuids.length === 0
        ? []
        : this.dataSource.query(`SELECT uuid, kind FROM forms WHERE client_account_id = $1 AND uuid = ANY($2::uuid[])`, [
            accountId,
            formUuids,
          ]),
      input.storesIds.length === 0
        ? []
        : this.dataSource.query(`SELECT id, is_workforce FROM stores WHERE client_account_id = $1 AND id = ANY($2::int[])`, [
            accountId,
            input.storesIds,
          ]),
    ]);
    const mission = missions[0];
    const hasForm = (uuid: string | null, kind: 'FORM' | 'PDV') =>
      forms.some((form: { uuid: string; kind: string }) => form.uuid === uuid && form.kind === kind);
    return {
      mainMission: mission
        ? { id: mission.id, checkInCheckOut: mission.check_in_check_out, requiresForm: mission.requires_form }
        : null,
      formFound: hasForm(input.formId, 'FORM'),
      formPdvFound: hasForm(input.formPdvId, 'PDV'),
      stores: stores.map((store: { id: number; is_workforce: boolean }) => ({ id: store.id, isWorkforce: store.is_workforce })),
    };
  }

  async create(demand: NewDemand): Promise<void> {
    const { input } = demand;
    await this.dataSource.transaction(async (manager) => {
      const row: DemandOrmEntity = {
        id: demand.id,
        clientAccountId: demand.accountId,
        mainMissionId: input.missionMainId,
        datePicked: input.datePicked,
        scheduledAt: input.scheduledAt === null ? null : new Date(input.scheduledAt),
        participants: input.participants,
        storesIds: [...input.storesIds],
        shifts: [...input.shifts],
        formId: input.formId,
        formPdvId: input.formPdvId,
        customFields: input.customFields === null ? null : { ...input.customFields },
        idempotencyKey: demand.idempotencyKey,
        createdAt: demand.createdAt,
      };
      await manager.insert(DemandOrmEntity, row);
      await manager.insert(
        MissionOrmEntity,
        demand.missions.map((mission) => ({
          ...mission,
          clientAccountId: demand.accountId,
          demandId: demand.id,
          mainMissionId: input.missionMainId,
          createdAt: demand.createdAt,
        })),
      );
      if (demand.idempotencyKey !== null) {
        await manager.query(
          `UPDATE idempotency_keys SET state = 'DONE', completed_at = $3, demand_id = $4 WHERE client_account_id = $1 AND key = $2`,
          [demand.accountId, demand.idempotencyKey, demand.createdAt, demand.id],
        );
      }
      await appendEvents(manager, demand.events);
    });
  }
}
