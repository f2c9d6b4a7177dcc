import type { DomainEvent } from '../lib/application/events/domain-event';
import type { ClientAccount } from '../lib/application/ports/client-accounts.port';
import type { NewDemand } from '../lib/application/ports/demand-repository.port';
import type { NewWebhookEndpoint, WebhookDelivery } from '../lib/application/ports/webhook-repository.port';
import type { DeliveryStopState, PdvRecordState } from '../lib/model/field-work';
import type { ParticipantState } from '../lib/model/participant';
import type { RegisterState } from '../lib/model/register';

export interface StoredMainMission {
  id: string;
  accountId: string;
  checkInCheckOut: boolean;
  requiresForm: boolean;
}

/** An event as the outbox holds it: `position` orders one account's events as they committed. */
export type StoredEvent = DomainEvent & { position: number; recordedAt: Date };

/** The rows the in-memory fakes share, as a database would: one per test. */
export class InMemoryDatabase {
  readonly accounts: (ClientAccount & { secretHash: string })[] = [];
  readonly mainMissions: StoredMainMission[] = [];
  readonly stores: { id: number; accountId: string; isWorkforce: boolean }[] = [];
  readonly forms: { uuid: string; accountId: string; kind: 'FORM' | 'PDV' }[] = [];
  readonly demands: Omit<NewDemand, 'events'>[] = [];
  readonly participants: (ParticipantState & { accountId: string })[] = [];
  readonly registers: (RegisterState & { accountId: string })[] = [];
  readonly pdvRecords: (PdvRecordState & { accountId: string; product: string })[] = [];
  readonly stops: (DeliveryStopState & { accountId: string; missionsUserId: string; placeName: string })[] = [];
  readonly events: StoredEvent[] = [];
  readonly webhooks: NewWebhookEndpoint[] = [];
  readonly deliveries: (WebhookDelivery & { accountId: string; endpointId: string })[] = [];
  readonly idempotencyKeys = new Map<
    string,
    { fingerprint: string; state: 'IN_FLIGHT' | 'DONE'; createdAt: Date; completedAt: Date | null; demandId: string | null }
  >();
  private nextStoreId = 1;

  newStoreId(): number {
    return this.nextStoreId++;
  }

  missions(accountId: string) {
    return this.demands
      .filter((demand) => demand.accountId === accountId)
      .flatMap((demand) => demand.missions.map((mission) => ({ ...mission, demand })));
  }

  /** A mission of its own demand, for tests that store participants directly. */
  addMission(accountId: string, mission: { id: string; mbKey: string }): void {
    this.demands.push({
      id: `demand-of-${mission.id}`,
      accountId,
      input: {
        missionMainId: 'main-1',
        datePicked: '2026-12-01',
        scheduledAt: null,
        participants: 1,
        storesIds: [],
        shifts: [],
        formId: null,
        formPdvId: null,
        customFields: null,
      },
      missions: [{ ...mission, storeId: null, missionDate: new Date('2026-12-01T03:00:00.000Z'), places: 1 }],
      createdAt: new Date('2026-11-21T13:05:00.000Z'),
      idempotencyKey: null,
    });
  }

  /**
   * The outbox: each account's events numbered in the order they are written, as commits number
   * them, and a pending delivery of each to every endpoint of the account that subscribes to it.
   */
  append(events: readonly DomainEvent[], recordedAt = new Date()): void {
    for (const event of events) {
      const position = this.events.filter((stored) => stored.accountId === event.accountId).length + 1;
      this.events.push({ ...structuredClone(event), position, recordedAt });
      for (const endpoint of this.webhooks) {
        if (endpoint.accountId !== event.accountId || (endpoint.events !== null && !endpoint.events.includes(event.type))) continue;
        this.deliveries.push(pendingDelivery(`delivery-${this.deliveries.length + 1}`, event, endpoint.id, recordedAt));
      }
    }
  }
}

export function pendingDelivery(id: string, event: DomainEvent, endpointId: string, at: Date) {
  return {
    id,
    accountId: event.accountId,
    endpointId,
    eventId: event.id,
    type: event.type,
    status: 'PENDING' as const,
    attempt: 0,
    statusCode: null,
    nextAttemptAt: at,
    lastAttemptAt: null,
    createdAt: at,
  };
}
