import type { ClientAccount } from '../lib/application/ports/client-accounts.port';
import type { NewDemand } from '../lib/application/ports/demand-repository.port';
import type { ParticipantState } from '../lib/model/participant';
import type { RegisterState } from '../lib/model/register';

export interface StoredMainMission {
  id: string;
  accountId: string;
  checkInCheckOut: boolean;
  requiresForm: boolean;
}

/** The rows the in-memory fakes share, as a database would: one per test. */
export class InMemoryDatabase {
  readonly accounts: (ClientAccount & { secretHash: string })[] = [];
  readonly mainMissions: StoredMainMission[] = [];
  readonly stores: { id: number; accountId: string; isWorkforce: boolean }[] = [];
  readonly forms: { uuid: string; accountId: string; kind: 'FORM' | 'PDV' }[] = [];
  readonly demands: NewDemand[] = [];
  readonly participants: (ParticipantState & { accountId: string })[] = [];
  readonly registers: (RegisterState & { accountId: string })[] = [];
  readonly idempotencyKeys = new Map<string, { fingerprint: string; state: 'IN_FLIGHT' | 'DONE'; createdAt: Date; completedAt: Date | null }>();
  private nextStoreId = 1;

  newStoreId(): number {
    return this.nextStoreId++;
  }

  missions(accountId: string) {
    return this.demands
      .filter((demand) => demand.accountId === accountId)
      .flatMap((demand) => demand.missions.map((mission) => ({ ...mission, demand })));
  }
}
