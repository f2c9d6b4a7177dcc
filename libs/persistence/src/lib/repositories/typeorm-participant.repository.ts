import {
  type DueParticipant,
  type ExpiryCutoffs,
  type MissionPlaces,
  MissionStatus,
  NotFoundError,
  Participant,
  PLACE_RELEASING_STATUSES,
  ParticipantRepository,
  type ParticipantState,
  type ReviewedWork,
  Register,
  RegisterAlreadySubmittedError,
} from '@mwr/domain';
import type { DataSource, EntityManager } from 'typeorm';
import { MissionsUserOrmEntity, RegisterOrmEntity } from '../entities';

// Below every other uuid: the first page starts after it.
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

/** A participant's row as `lockParticipant` reads it, with its mission's date. */
interface ParticipantRow {
  id: string;
  mu_key: string;
  mission_id: string;
  mission_date: Date;
  user_name: string;
  status: number;
  shift_starts_at: Date | null;
  scheduled_for: Date | null;
  check_in_at: Date | null;
  check_out_at: Date | null;
  token_input: string | null;
  is_sla: boolean;
  rating: number | null;
  rating_message: string | null;
  is_buffer: boolean;
  requests: string[] | null;
}

function toState(row: ParticipantRow): ParticipantState {
  return {
    id: row.id,
    muKey: row.mu_key,
    missionId: row.mission_id,
    missionDate: row.mission_date,
    userName: row.user_name,
    status: row.status as MissionStatus,
    shiftStartsAt: row.shift_starts_at,
    scheduledFor: row.scheduled_for,
    checkInAt: row.check_in_at,
    checkOutAt: row.check_out_at,
    tokenInput: row.token_input,
    isSla: row.is_sla,
    rating: row.rating,
    ratingMessage: row.rating_message,
    isBuffer: row.is_buffer,
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
      // What holdsPlace says, in SQL.
      const [{ taken }] = await manager.query(
        `SELECT count(*)::int AS taken FROM missions_users
          WHERE client_account_id = $1 AND mission_id = $2 AND NOT is_buffer AND status <> ALL($3::smallint[])`,
        [accountId, mission.id, PLACE_RELEASING_STATUSES],
      );
      const participant = build({
        missionId: mission.id,
        mbKey: mission.mb_key,
        places: mission.places,
        taken,
        missionDate: mission.mission_date,
        shifts: mission.shifts,
      });
      const { missionDate: _missionDate, ...state } = participant.state;
      const now = new Date();
      await manager.insert(MissionsUserOrmEntity, {
        ...state,
        clientAccountId: accountId,
        createdAt: now,
        updatedAt: now,
      });
      return participant;
    });
  }

  change(accountId: string, muKey: string, mutate: (participant: Participant) => void): Promise<Participant> {
    return this.dataSource.transaction(async (manager) => {
      const row = await this.lockParticipant(manager, accountId, muKey);
      const participant = Participant.restore(toState(row));
      mutate(participant);
      await manager.update(MissionsUserOrmEntity, { id: row.id }, { ...changes(participant.state), updatedAt: new Date() });
      return participant;
    });
  }

  submitWork(accountId: string, muKey: string, build: (participant: Participant) => Register): Promise<Register> {
    return this.dataSource.transaction(async (manager) => {
      const row = await this.lockParticipant(manager, accountId, muKey);
      const existing = await manager.findOne(RegisterOrmEntity, { where: { clientAccountId: accountId, missionsUserId: row.id } });
      if (existing) throw new RegisterAlreadySubmittedError(muKey);
      const register = build(Participant.restore(toState(row)));
      const now = new Date();
      await manager.insert(RegisterOrmEntity, {
        ...register.state,
        clientAccountId: accountId,
        missionId: row.mission_id,
        createdAt: now,
        updatedAt: now,
      });
      return register;
    });
  }

  reviewWork(accountId: string, muKey: string, mutate: (participant: Participant, register: Register | null) => void): Promise<ReviewedWork> {
    return this.dataSource.transaction(async (manager) => {
      // The participant first, as every verb locks it: a review and a verb on one participant queue.
      const row = await this.lockParticipant(manager, accountId, muKey);
      const [stored] = await manager.query(
        `SELECT id, missions_user_id, identifier, status FROM registers WHERE client_account_id = $1 AND missions_user_id = $2 FOR UPDATE`,
        [accountId, row.id],
      );
      const participant = Participant.restore(toState(row));
      const register = stored
        ? Register.restore({ id: stored.id, missionsUserId: stored.missions_user_id, identifier: stored.identifier, status: stored.status })
        : null;
      mutate(participant, register);
      const now = new Date();
      if (JSON.stringify(changes(participant.state)) !== JSON.stringify(changes(toState(row)))) {
        await manager.update(MissionsUserOrmEntity, { id: row.id }, { ...changes(participant.state), updatedAt: now });
      }
      if (register && register.state.status !== stored.status) {
        await manager.update(RegisterOrmEntity, { id: register.state.id }, { status: register.state.status, updatedAt: now });
      }
      return { participant, register };
    });
  }

  /** What expiryCutoffs means, in SQL; walks `missions_users_expiry_idx`, the WAITING and SCHEDULED rows, in id order. */
  async dueForExpiry(cutoffs: ExpiryCutoffs, page: { after: string | null; limit: number }): Promise<DueParticipant[]> {
    const rows: { id: string; client_account_id: string; mu_key: string; status: number }[] = await this.dataSource.query(
      `SELECT mu.id, mu.client_account_id, mu.mu_key, mu.status
         FROM missions_users mu JOIN missions m ON m.id = mu.mission_id
        WHERE mu.status IN (${MissionStatus.WAITING}, ${MissionStatus.SCHEDULED}) AND mu.id > $1
          AND CASE mu.status WHEN ${MissionStatus.WAITING} THEN coalesce(mu.shift_starts_at, m.mission_date) < $2 ELSE mu.scheduled_for < $3 END
        ORDER BY mu.id
        LIMIT $4`,
      [page.after ?? NIL_UUID, cutoffs.waitingBefore, cutoffs.scheduledBefore, page.limit],
    );
    return rows.map((row) => ({ id: row.id, accountId: row.client_account_id, muKey: row.mu_key, status: row.status as MissionStatus }));
  }

  private async lockParticipant(manager: EntityManager, accountId: string, muKey: string): Promise<ParticipantRow> {
    const [row] = await manager.query(
      `SELECT mu.id, mu.mu_key, mu.mission_id, m.mission_date, mu.user_name, mu.status, mu.shift_starts_at, mu.scheduled_for,
              mu.check_in_at, mu.check_out_at, mu.token_input, mu.is_sla, mu.rating, mu.rating_message, mu.is_buffer, mu.requests
         FROM missions_users mu JOIN missions m ON m.id = mu.mission_id
        WHERE mu.client_account_id = $1 AND mu.mu_key = $2
          FOR UPDATE OF mu`,
      [accountId, muKey],
    );
    if (!row) throw NotFoundError.participant(muKey);
    return row;
  }
}
