import { randomUUID } from 'node:crypto';
import { InMemoryDatabase } from './in-memory-database';
import {
  InMemoryClientAccountRepository,
  InMemoryDemandReadModel,
  InMemoryDemandRepository,
  InMemoryEventFeed,
  InMemoryFieldWorkRepository,
  InMemoryIdempotencyKeys,
  InMemoryParticipantRepository,
  InMemoryWebhookRepository,
} from './in-memory-adapters';
import type { PersistenceHarness } from './port-contracts';

export function inMemoryHarness(db = new InMemoryDatabase()): PersistenceHarness & { db: InMemoryDatabase } {
  return {
    db,
    accounts: new InMemoryClientAccountRepository(db),
    demands: new InMemoryDemandRepository(db),
    idempotencyKeys: new InMemoryIdempotencyKeys(db),
    participants: new InMemoryParticipantRepository(db),
    fieldWork: new InMemoryFieldWorkRepository(db),
    eventFeed: new InMemoryEventFeed(db),
    webhooks: new InMemoryWebhookRepository(db),
    demandReads: new InMemoryDemandReadModel(db),
    fixtures: {
      async account() {
        const id = randomUUID();
        db.accounts.push({ id, clientId: `cl_${id}`, name: 'Test', secretHash: '', createdAt: new Date(), revokedAt: null });
        return id;
      },
      async mainMission(accountId, subcategory) {
        const id = randomUUID();
        db.mainMissions.push({ id, accountId, ...subcategory });
        return id;
      },
      async store(accountId, isWorkforce) {
        const id = db.newStoreId();
        db.stores.push({ id, accountId, isWorkforce });
        return id;
      },
      async form(accountId, kind) {
        const uuid = randomUUID();
        db.forms.push({ uuid, accountId, kind });
        return uuid;
      },
      async demandsOf(accountId) {
        return db.demands
          .filter((d) => d.accountId === accountId)
          .map((d) => ({ id: d.id, mbKeys: d.missions.map((m) => m.mbKey).sort() }));
      },
      async pdvRecord(accountId, muKey, product) {
        const participant = db.participants.find((p) => p.accountId === accountId && p.muKey === muKey);
        if (!participant) throw new Error(`no participant ${muKey}`);
        let register = db.registers.find((r) => r.accountId === accountId && r.missionsUserId === participant.id);
        if (!register) {
          register = { id: randomUUID(), missionsUserId: participant.id, identifier: 'REG-1', status: 'PENDING', accountId };
          db.registers.push(register);
        }
        const id = randomUUID();
        db.pdvRecords.push({ id, accountId, registerId: register.id, importProductsId: randomUUID(), status: 'PENDING', deliveredAt: null, product });
        return id;
      },
      async stop(accountId, muKey, startedAt) {
        const participant = db.participants.find((p) => p.accountId === accountId && p.muKey === muKey);
        if (!participant) throw new Error(`no participant ${muKey}`);
        const id = randomUUID();
        db.stops.push({
          id,
          accountId,
          missionsUserId: participant.id,
          placeName: 'Depot',
          type: 'DELIVERY',
          identifier: 'STOP-1',
          progress: 1,
          startedAt,
          finishedAt: null,
        });
        return id;
      },
      async eventsOf(accountId) {
        return db.events
          .filter((e) => e.accountId === accountId)
          .sort((a, b) => a.position - b.position)
          .map(({ position: _position, recordedAt: _recordedAt, ...event }) => structuredClone(event));
      },
    },
  };
}
