import { randomUUID } from 'node:crypto';
import { InMemoryDatabase } from './in-memory-database';
import {
  InMemoryClientAccountRepository,
  InMemoryDemandRepository,
  InMemoryIdempotencyKeys,
  InMemoryParticipantRepository,
} from './in-memory-adapters';
import type { PersistenceHarness } from './port-contracts';

export function inMemoryHarness(db = new InMemoryDatabase()): PersistenceHarness & { db: InMemoryDatabase } {
  return {
    db,
    accounts: new InMemoryClientAccountRepository(db),
    demands: new InMemoryDemandRepository(db),
    idempotencyKeys: new InMemoryIdempotencyKeys(db),
    participants: new InMemoryParticipantRepository(db),
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
    },
  };
}
