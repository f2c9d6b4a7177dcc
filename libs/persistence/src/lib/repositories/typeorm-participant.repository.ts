import {
  type ChangeContext,
  type DomainEvent,
  type MissionPlaces,
  MissionStatus,
  NotFoundError,
  Participant,
  ParticipantRepository,
  type ParticipantState,
  Register,
  RegisterAlreadySubmittedError,
} from '@mwr/domain';
import type { DataSource, EntityManager } from 'typeorm';
import { MissionsUserOrmEntity, RegisterOrmEntity } from '../entities';
import { appendEvents } from '../outbox/append-events';

function toState(row: MissionsUserOrmEntity): ParticipantState {
  return {
    id: row.id,
    muKey: row.muKey,
    missionId: row.missionId,
    userName: row.userName,
    status: row.status as MissionStatus,
    shiftStartsAt: row.shiftStartsAt,
    scheduledFor: row.scheduledFor,
    checkInAt: row.checkInAt,
    checkOutAt: row.checkOutAt,
    tokenInput: row.tokenInput,
    isSla: row.isSla,
    rating: row.rating,
    ratingMessage: row.ratingMessage,
    isBuffer: row.isBuffer,
    requests: row.requests,
  };
}

/** The columns a participant's verbs may change. */
function changes(state: ParticipantState) {
  return {
    status: state.status,
    scheduledFor: state.scheduledFor,
    checkInAt: state.checkInAt,
    checkOutAt: state.checkOutAt,
    tokenInput: state.tokenInput,
    isSla: state.isSla,
    rating: state.rating,
    ratingMessage: state.ratingMessage,
    requests: state.requests,
  };
}

export const RELEASED_PLACES = [MissionStatus.QUIT, MissionStatus.REMOVED];

/** The keys a change's events name, and the events it records, appended when the change is written. */
export async function changeContext(
  manager: EntityManager,
  accountId: string,
  muKey: string,
  missionId: string,
): Promise<ChangeContext & { recorded: DomainEvent[] }> {
  const [{ mb_key: mbKey }] = await manager.query(`SELECT mb_key FROM missions WHERE client_account_id = $1 AND id = $2`, [accountId, missionId]);
  const recorded: DomainEvent[] = [];
  return { muKey, mbKey, recorded, record: (...events) => recorded.push(...events) };
}

export class TypeOrmParticipantRepository extends ParticipantRepository {
  constructor(private readonly dataSource: DataSource) {
    super();
  }

  accept(accountId: string, mbKey: string, build: (mission: MissionPlaces) => Participant): Promise<Participant> {
    return this.dataSource.transaction(async (manager) => {
      // Locking the mission serialises takers of its places.
      const [mission] = await manager.query(
        `SELECT m.id, m.mb_key, m.places, m.mission_date, d.shifts
           FROM missions m JOIN demands d ON d.id = m.demand_id
          WHERE m.client_account_id = $1 AND m.mb_key = $2
          FOR UPDATE OF m`,
        [accountId, mbKey],
      );
      if (!mission) throw NotFoundError.mission(mbKey);
      const [{ taken }] = await manager.query(
        `SELECT count(*)::int AS taken FROM missions_users
          WHERE client_account_id = $1 AND mission_id = $2 AND NOT is_buffer AND status <> ALL($3::smallint[])`,
        [accountId, mission.id, RELEASED_PLACES],
      );
      const participant = build({
        missionId: mission.id,
        mbKey: mission.mb_key,
        places: mission.places,
        taken,
        missionDate: mission.mission_date,
        shifts: mission.shifts,
      });
      const state = participant.state;
      const now = new Date();
      await manager.insert(MissionsUserOrmEntity, {
        ...state,
        status: state.status,
        clientAccountId: accountId,
        createdAt: now,
        updatedAt: now,
      });
      return participant;
    });
  }

  change(accountId: string, muKey: string, mutate: (participant: Participant, context: ChangeContext) => void): Promise<Participant> {
    return this.dataSource.transaction(async (manager) => {
      const row = await this.lockParticipant(manager, accountId, muKey);
      const participant = Participant.restore(toState(row));
      const context = await changeContext(manager, accountId, muKey, row.missionId);
      mutate(participant, context);
      await manager.update(MissionsUserOrmEntity, { id: row.id }, { ...changes(participant.state), updatedAt: new Date() });
      await appendEvents(manager, context.recorded);
      return participant;
    });
  }

  submitWork(accountId: string, muKey: string, build: (participant: Participant, context: ChangeContext) => Register): Promise<Register> {
    return this.dataSource.transaction(async (manager) => {
      const row = await this.lockParticipant(manager, accountId, muKey);
      const existing = await manager.findOne(RegisterOrmEntity, { where: { clientAccountId: accountId, missionsUserId: row.id } });
      if (existing) throw new RegisterAlreadySubmittedError(muKey);
      const context = await changeContext(manager, accountId, muKey, row.missionId);
      const register = build(Participant.restore(toState(row)), context);
      const now = new Date();
      await manager.insert(RegisterOrmEntity, {
        ...register.state,
        clientAccountId: accountId,
        missionId: row.missionId,
        createdAt: now,
        updatedAt: now,
      });
      await appendEvents(manager, context.recorded);
      return register;
    });
  }

  reviewRegister(accountId: string, muKey: string, mutate: (register: Register, context: ChangeContext) => void): Promise<Register> {
    return this.dataSource.transaction(async (manager) => {
      const [row] = await manager.query(
        `SELECT r.id, r.missions_user_id, r.identifier, r.status, r.mission_id
           FROM registers r JOIN missions_users mu ON mu.id = r.missions_user_id AND mu.client_account_id = r.client_account_id
          WHERE r.client_account_id = $1 AND mu.mu_key = $2
          FOR UPDATE OF r`,
        [accountId, muKey],
      );
      if (!row) throw NotFoundError.register(muKey);
      const register = Register.restore({
        id: row.id,
        missionsUserId: row.missions_user_id,
        identifier: row.identifier,
        status: row.status,
      });
      const context = await changeContext(manager, accountId, muKey, row.mission_id);
      mutate(register, context);
      await manager.update(RegisterOrmEntity, { id: row.id }, { status: register.state.status, updatedAt: new Date() });
      await appendEvents(manager, context.recorded);
      return register;
    });
  }

  private async lockParticipant(manager: EntityManager, accountId: string, muKey: string): Promise<MissionsUserOrmEntity> {
    const row = await manager
      .createQueryBuilder(MissionsUserOrmEntity, 'mu')
      .setLock('pessimistic_write')
      .where('mu.client_account_id = :accountId AND mu.mu_key = :muKey', { accountId, muKey })
      .getOne();
    if (!row) throw NotFoundError.participant(muKey);
    return row;
  }
}
