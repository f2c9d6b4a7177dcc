import type { ClaimWindow, IdempotencyClaim } from '../lib/application/ports/idempotency-keys.port';
import { IdempotencyKeys } from '../lib/application/ports/idempotency-keys.port';
import {
  type ClientAccount,
  ClientAccountRepository,
  type NewClientAccount,
  type StoredCredential,
} from '../lib/application/ports/client-accounts.port';
import { UNKNOWN_CLIENT_HASH } from '../lib/application/credentials/secret-hasher';
import { type NewDemand, DemandRepository } from '../lib/application/ports/demand-repository.port';
import { type DueParticipant, ParticipantRepository, type ReviewedWork } from '../lib/application/ports/participant-repository.port';
import { NotFoundError } from '../lib/application/not-found.errors';
import type { DemandInput, DemandReferences } from '../lib/model/demand';
import { holdsPlace, type MissionPlaces } from '../lib/model/mission-places';
import { MissionStatus } from '../lib/model/mission-status';
import { type ExpiryCutoffs, Participant } from '../lib/model/participant';
import { Register, RegisterAlreadySubmittedError } from '../lib/model/register';
import type { InMemoryDatabase } from './in-memory-database';

export class InMemoryClientAccountRepository extends ClientAccountRepository {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  async create(account: NewClientAccount): Promise<void> {
    if (this.db.accounts.some((a) => a.clientId === account.clientId)) throw new Error('duplicate client id');
    this.db.accounts.push({ ...account, revokedAt: null });
  }

  async findActive(clientId: string) {
    const found = this.db.accounts.find((a) => a.clientId === clientId && a.revokedAt === null);
    if (!found) return null;
    const { secretHash, ...account } = found;
    return { account, secretHash };
  }

  async credentialOf(clientId: string): Promise<StoredCredential> {
    const found = this.db.accounts.find((a) => a.clientId === clientId && a.revokedAt === null);
    return found ? { accountId: found.id, secretHash: found.secretHash } : { accountId: null, secretHash: UNKNOWN_CLIENT_HASH };
  }

  async list(): Promise<ClientAccount[]> {
    return this.db.accounts.map(({ secretHash: _hash, ...account }) => account);
  }

  async revoke(clientId: string, at: Date): Promise<boolean> {
    const found = this.db.accounts.find((a) => a.clientId === clientId && a.revokedAt === null);
    if (!found) return false;
    found.revokedAt = at;
    return true;
  }
}

export class InMemoryDemandRepository extends DemandRepository {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  async references(accountId: string, input: DemandInput): Promise<DemandReferences> {
    const mission = this.db.mainMissions.find((m) => m.accountId === accountId && m.id === input.missionMainId);
    const hasForm = (uuid: string | null, kind: 'FORM' | 'PDV') =>
      this.db.forms.some((f) => f.accountId === accountId && f.uuid === uuid && f.kind === kind);
    return {
      mainMission: mission ? { id: mission.id, checkInCheckOut: mission.checkInCheckOut, requiresForm: mission.requiresForm } : null,
      formFound: hasForm(input.formId, 'FORM'),
      formPdvFound: hasForm(input.formPdvId, 'PDV'),
      stores: this.db.stores
        .filter((s) => s.accountId === accountId && input.storesIds.includes(s.id))
        .map((s) => ({ id: s.id, isWorkforce: s.isWorkforce })),
    };
  }

  async create(demand: NewDemand): Promise<void> {
    const keys = new Set(this.db.missions(demand.accountId).map((m) => m.mbKey));
    for (const mission of demand.missions) {
      if (keys.has(mission.mbKey)) throw new Error(`duplicate mb key ${mission.mbKey}`);
      keys.add(mission.mbKey);
    }
    this.db.demands.push(structuredClone(demand));
    if (demand.idempotencyKey !== null) {
      const entry = this.db.idempotencyKeys.get(`${demand.accountId}/${demand.idempotencyKey}`);
      if (entry) Object.assign(entry, { state: 'DONE', completedAt: demand.createdAt });
    }
  }
}

export class InMemoryIdempotencyKeys extends IdempotencyKeys {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  async claim(accountId: string, key: string, fingerprint: string, window: ClaimWindow): Promise<IdempotencyClaim> {
    const id = `${accountId}/${key}`;
    const existing = this.db.idempotencyKeys.get(id);
    const reclaimable =
      !existing ||
      (existing.state === 'IN_FLIGHT' && existing.createdAt < window.abandonedBefore) ||
      (existing.state === 'DONE' && existing.completedAt !== null && existing.completedAt < window.expiredBefore);
    if (reclaimable) {
      this.db.idempotencyKeys.set(id, { fingerprint, state: 'IN_FLIGHT', createdAt: window.now, completedAt: null });
      return 'claimed';
    }
    if (existing.fingerprint !== fingerprint) return 'mismatch';
    return existing.state === 'DONE' ? 'replay' : 'in-flight';
  }

  async release(accountId: string, key: string, claimedAt: Date): Promise<void> {
    const id = `${accountId}/${key}`;
    const existing = this.db.idempotencyKeys.get(id);
    if (existing?.state === 'IN_FLIGHT' && existing.createdAt.getTime() === claimedAt.getTime()) this.db.idempotencyKeys.delete(id);
  }
}

export class InMemoryParticipantRepository extends ParticipantRepository {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  async accept(accountId: string, mbKey: string, build: (mission: MissionPlaces) => Participant): Promise<Participant> {
    const mission = this.db.missions(accountId).find((m) => m.mbKey === mbKey);
    if (!mission) throw NotFoundError.mission(mbKey);
    const taken = this.db.participants.filter((p) => p.accountId === accountId && p.missionId === mission.id && holdsPlace(p)).length;
    const participant = build({
      missionId: mission.id,
      mbKey,
      places: mission.places,
      taken,
      // structuredClone made this Date in another realm, where `instanceof Date` fails.
      missionDate: new Date(mission.missionDate.getTime()),
      shifts: mission.demand.input.shifts,
    });
    this.db.participants.push({ ...participant.state, accountId });
    return participant;
  }

  async change(accountId: string, muKey: string, mutate: (participant: Participant) => void): Promise<Participant> {
    const index = this.indexOf(accountId, muKey);
    const { accountId: _account, ...state } = this.db.participants[index];
    const participant = Participant.restore(state);
    mutate(participant);
    this.db.participants[index] = { ...participant.state, accountId };
    return participant;
  }

  async submitWork(accountId: string, muKey: string, build: (participant: Participant) => Register): Promise<Register> {
    const { accountId: _account, ...state } = this.db.participants[this.indexOf(accountId, muKey)];
    if (this.db.registers.some((r) => r.accountId === accountId && r.missionsUserId === state.id)) {
      throw new RegisterAlreadySubmittedError(muKey);
    }
    const register = build(Participant.restore(state));
    this.db.registers.push({ ...register.state, accountId });
    return register;
  }

  async reviewWork(
    accountId: string,
    muKey: string,
    mutate: (participant: Participant, register: Register | null) => void,
  ): Promise<ReviewedWork> {
    const index = this.indexOf(accountId, muKey);
    const { accountId: _account, ...state } = this.db.participants[index];
    const participant = Participant.restore(state);
    const registerIndex = this.db.registers.findIndex((r) => r.accountId === accountId && r.missionsUserId === state.id);
    const stored = registerIndex < 0 ? null : this.db.registers[registerIndex];
    const register = stored && Register.restore({ id: stored.id, missionsUserId: stored.missionsUserId, identifier: stored.identifier, status: stored.status });
    mutate(participant, register);
    this.db.participants[index] = { ...participant.state, accountId };
    if (register) this.db.registers[registerIndex] = { ...register.state, accountId };
    return { participant, register };
  }

  async dueForExpiry(cutoffs: ExpiryCutoffs, page: { after: string | null; limit: number }): Promise<DueParticipant[]> {
    const due = (p: (typeof this.db.participants)[number]) =>
      p.status === MissionStatus.WAITING
        ? (p.shiftStartsAt ?? p.missionDate) < cutoffs.waitingBefore
        : p.status === MissionStatus.SCHEDULED && p.scheduledFor !== null && p.scheduledFor < cutoffs.scheduledBefore;
    return this.db.participants
      .filter((p) => due(p) && (page.after === null || p.id > page.after))
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .slice(0, page.limit)
      .map((p) => ({ id: p.id, accountId: p.accountId, muKey: p.muKey, status: p.status }));
  }

  private indexOf(accountId: string, muKey: string): number {
    const index = this.db.participants.findIndex((p) => p.accountId === accountId && p.muKey === muKey);
    if (index < 0) throw NotFoundError.participant(muKey);
    return index;
  }
}
