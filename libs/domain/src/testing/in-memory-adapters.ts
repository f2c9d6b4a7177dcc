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
import type { DomainEvent } from '../lib/application/events/domain-event';
import { FieldWorkRepository } from '../lib/application/ports/field-work-repository.port';
import { type ChangeContext, type DueParticipant, ParticipantRepository, type ReviewedWork } from '../lib/application/ports/participant-repository.port';
import { NotFoundError } from '../lib/application/not-found.errors';
import type { DemandInput, DemandReferences } from '../lib/model/demand';
import { DeliveryStop, PdvRecord } from '../lib/model/field-work';
import { holdsPlace, type MissionPlaces } from '../lib/model/mission-places';
import { MissionStatus } from '../lib/model/mission-status';
import { type ExpiryCutoffs, Participant } from '../lib/model/participant';
import { Register, RegisterAlreadySubmittedError } from '../lib/model/register';
import { type InMemoryDatabase, pendingDelivery } from './in-memory-database';
import { EventFeed } from '../lib/application/queries/list-events/event-feed.read-model.port';
import type { EventFeedRequest } from '../lib/application/queries/list-events/list-events.query';
import { DemandReadModel } from '../lib/application/queries/get-demand/demand.read-model.port';
import type { DemandView } from '../lib/application/queries/get-demand/get-demand.query';
import {
  type NewWebhookEndpoint,
  type WebhookDelivery,
  type WebhookEndpoint,
  WebhookRepository,
} from '../lib/application/ports/webhook-repository.port';
import { offsetOf, type PageRequest, type PageRows } from '../lib/application/queries/page';

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
    const { events, ...stored } = demand;
    this.db.demands.push(structuredClone(stored));
    if (demand.idempotencyKey !== null) {
      const entry = this.db.idempotencyKeys.get(`${demand.accountId}/${demand.idempotencyKey}`);
      if (entry) Object.assign(entry, { state: 'DONE', completedAt: demand.createdAt, demandId: demand.id });
    }
    this.db.append(events);
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
      this.db.idempotencyKeys.set(id, { fingerprint, state: 'IN_FLIGHT', createdAt: window.now, completedAt: null, demandId: null });
      return { outcome: 'claimed' };
    }
    if (existing.fingerprint !== fingerprint) return { outcome: 'mismatch' };
    return existing.state === 'DONE' && existing.demandId !== null ? { outcome: 'replay', demandId: existing.demandId } : { outcome: 'in-flight' };
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

  async change(accountId: string, muKey: string, mutate: (participant: Participant, context: ChangeContext) => void): Promise<Participant> {
    const index = this.indexOf(accountId, muKey);
    const { accountId: _account, ...state } = this.db.participants[index];
    const participant = Participant.restore(state);
    const context = changeContext(this.db, accountId, muKey, state.missionId);
    mutate(participant, context);
    this.db.participants[index] = { ...participant.state, accountId };
    this.db.append(context.recorded);
    return participant;
  }

  async submitWork(accountId: string, muKey: string, build: (participant: Participant, context: ChangeContext) => Register): Promise<Register> {
    const { accountId: _account, ...state } = this.db.participants[this.indexOf(accountId, muKey)];
    if (this.db.registers.some((r) => r.accountId === accountId && r.missionsUserId === state.id)) {
      throw new RegisterAlreadySubmittedError(muKey);
    }
    const context = changeContext(this.db, accountId, muKey, state.missionId);
    const register = build(Participant.restore(state), context);
    this.db.registers.push({ ...register.state, accountId });
    this.db.append(context.recorded);
    return register;
  }

  async reviewWork(
    accountId: string,
    muKey: string,
    mutate: (participant: Participant, register: Register | null, context: ChangeContext) => void,
  ): Promise<ReviewedWork> {
    const index = this.indexOf(accountId, muKey);
    const { accountId: _account, ...state } = this.db.participants[index];
    const participant = Participant.restore(state);
    const registerIndex = this.db.registers.findIndex((r) => r.accountId === accountId && r.missionsUserId === state.id);
    const stored = registerIndex < 0 ? null : this.db.registers[registerIndex];
    const register = stored && Register.restore({ id: stored.id, missionsUserId: stored.missionsUserId, identifier: stored.identifier, status: stored.status });
    const context = changeContext(this.db, accountId, muKey, state.missionId);
    mutate(participant, register, context);
    this.db.participants[index] = { ...participant.state, accountId };
    if (register) this.db.registers[registerIndex] = { ...register.state, accountId };
    this.db.append(context.recorded);
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

/** A context whose events are kept until the change succeeds, as a transaction would keep them. */
function changeContext(db: InMemoryDatabase, accountId: string, muKey: string, missionId: string): ChangeContext & { recorded: DomainEvent[] } {
  const mission = db.missions(accountId).find((m) => m.id === missionId);
  if (!mission) throw new Error(`participant ${muKey} has no mission`);
  const recorded: DomainEvent[] = [];
  return { muKey, mbKey: mission.mbKey, recorded, record: (...events) => recorded.push(...events) };
}

export class InMemoryFieldWorkRepository extends FieldWorkRepository {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  async changePdv(
    accountId: string,
    pdvId: string,
    mutate: (record: PdvRecord, context: ChangeContext & { product: string }) => void,
  ): Promise<PdvRecord> {
    const index = this.db.pdvRecords.findIndex((r) => r.accountId === accountId && r.id === pdvId);
    if (index < 0) throw NotFoundError.pdv(pdvId);
    const { accountId: _account, product, ...state } = this.db.pdvRecords[index];
    const register = this.db.registers.find((r) => r.accountId === accountId && r.id === state.registerId);
    const participant = this.db.participants.find((p) => p.accountId === accountId && p.id === register?.missionsUserId);
    if (!participant) throw new Error(`point-of-sale record ${pdvId} has no participant`);
    const record = PdvRecord.restore(state);
    const context = changeContext(this.db, accountId, participant.muKey, participant.missionId);
    mutate(record, { ...context, product });
    this.db.pdvRecords[index] = { ...record.state, accountId, product };
    this.db.append(context.recorded);
    return record;
  }

  async changeStop(
    accountId: string,
    stopId: string,
    mutate: (stop: DeliveryStop, context: ChangeContext & { placeName: string }) => void,
  ): Promise<DeliveryStop> {
    const index = this.db.stops.findIndex((s) => s.accountId === accountId && s.id === stopId);
    if (index < 0) throw NotFoundError.stop(stopId);
    const { accountId: _account, missionsUserId, placeName, ...state } = this.db.stops[index];
    const participant = this.db.participants.find((p) => p.accountId === accountId && p.id === missionsUserId);
    if (!participant) throw new Error(`stop ${stopId} has no participant`);
    const stop = DeliveryStop.restore(state);
    const context = changeContext(this.db, accountId, participant.muKey, participant.missionId);
    mutate(stop, { ...context, placeName });
    this.db.stops[index] = { ...stop.state, accountId, missionsUserId, placeName };
    this.db.append(context.recorded);
    return stop;
  }
}

export class InMemoryEventFeed extends EventFeed {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  async read(accountId: string, request: EventFeedRequest): Promise<{ events: DomainEvent[]; hasMore: boolean } | null> {
    const own = this.db.events.filter((event) => event.accountId === accountId).sort((a, b) => a.position - b.position);
    const cursor = request.after === null ? 0 : own.find((event) => event.id === request.after)?.position;
    if (cursor === undefined) return null;
    const matching = own.filter((event) => event.position > cursor && (request.types === null || request.types.includes(event.type)));
    const events = matching.slice(0, request.limit).map(({ position: _position, recordedAt: _recordedAt, ...event }) => structuredClone(event));
    return { events, hasMore: matching.length > request.limit };
  }
}

export class InMemoryWebhookRepository extends WebhookRepository {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  async add(endpoint: NewWebhookEndpoint, max: number): Promise<boolean> {
    if (this.db.webhooks.filter((w) => w.accountId === endpoint.accountId).length >= max) return false;
    this.db.webhooks.push(structuredClone(endpoint));
    return true;
  }

  async list(accountId: string): Promise<WebhookEndpoint[]> {
    return this.db.webhooks.filter((w) => w.accountId === accountId).map(({ sealedSecret: _secret, ...endpoint }) => structuredClone(endpoint));
  }

  async remove(accountId: string, id: string): Promise<boolean> {
    const index = this.db.webhooks.findIndex((w) => w.accountId === accountId && w.id === id);
    if (index < 0) return false;
    this.db.webhooks.splice(index, 1);
    for (let i = this.db.deliveries.length - 1; i >= 0; i -= 1) if (this.db.deliveries[i].endpointId === id) this.db.deliveries.splice(i, 1);
    return true;
  }

  async deliveries(accountId: string, endpointId: string, page: PageRequest): Promise<PageRows<WebhookDelivery> | null> {
    if (!this.db.webhooks.some((w) => w.accountId === accountId && w.id === endpointId)) return null;
    // Newest first: the reverse of the order they were made.
    const own = this.db.deliveries
      .filter((d) => d.accountId === accountId && d.endpointId === endpointId)
      .reverse()
      .map(({ accountId: _account, endpointId: _endpoint, ...delivery }) => structuredClone(delivery));
    return { total: own.length, rows: own.slice(offsetOf(page), offsetOf(page) + page.itemsPerPage) };
  }

  async redeliver(accountId: string, endpointId: string, eventId: string, deliveryId: string, at: Date): Promise<WebhookDelivery | null> {
    if (!this.db.webhooks.some((w) => w.accountId === accountId && w.id === endpointId)) throw NotFoundError.webhook(endpointId);
    const event = this.db.events.find((e) => e.accountId === accountId && e.id === eventId);
    if (!event) return null;
    const delivery = pendingDelivery(deliveryId, event, endpointId, at);
    this.db.deliveries.push(delivery);
    const { accountId: _account, endpointId: _endpoint, ...answer } = delivery;
    return structuredClone(answer);
  }
}

export class InMemoryDemandReadModel extends DemandReadModel {
  constructor(private readonly db: InMemoryDatabase) {
    super();
  }

  async find(accountId: string, demandId: string): Promise<DemandView | null> {
    const demand = this.db.demands.find((d) => d.accountId === accountId && d.id === demandId);
    if (!demand) return null;
    const { input } = demand;
    return {
      id: demand.id,
      missionMainId: input.missionMainId,
      datePicked: input.datePicked,
      scheduledAt: input.scheduledAt === null ? null : new Date(input.scheduledAt).toISOString(),
      participants: input.participants,
      storesIds: [...input.storesIds],
      shifts: [...input.shifts],
      formId: input.formId,
      formPdvId: input.formPdvId,
      custom_fields: input.customFields === null ? null : structuredClone(input.customFields),
      createdAt: demand.createdAt.toISOString(),
      missions: demand.missions.map((mission) => ({
        id: mission.id,
        mbKey: mission.mbKey,
        storeId: mission.storeId,
        missionDate: mission.missionDate.toISOString(),
        places: mission.places,
        placesTaken: this.db.participants.filter((p) => p.accountId === accountId && p.missionId === mission.id && holdsPlace(p)).length,
      })),
    };
  }
}
