import type { RegisterStatus } from '../../model/register';

/** What a client can subscribe to. A type is a promise to clients: add types, never rename one. */
export const EVENT_TYPES = Object.freeze([
  'demand.created',
  'participant.status_changed',
  'register.submitted',
  'register.reviewed',
  'pdv.done',
  'delivery.finished',
] as const);

export type EventType = (typeof EVENT_TYPES)[number];

export function isEventType(value: unknown): value is EventType {
  return (EVENT_TYPES as readonly unknown[]).includes(value);
}

/** Instants in payloads are ISO 8601 strings in UTC, as every response writes them. */
type Instant = string;

export interface DemandCreatedData {
  demandId: string;
  missionMainId: string;
  missions: { mbKey: string; storeId: number | null; missionDate: Instant; places: number }[];
}

export interface ParticipantStatusChangedData {
  muKey: string;
  mbKey: string;
  /** Numeric statuses as the workforce listing's `mission_status`, with their names beside them. */
  from: number;
  fromName: string;
  to: number;
  toName: string;
  /** When the transition happened: the check-in or check-out time given, else when it was recorded. */
  at: Instant;
  /** On check-in (to STARTED): whether it met the SLA. */
  isSla?: boolean;
  /** On check-out (to FINISHED or INCOMPLETED): `HH:MM:SS` between check-in and check-out. */
  storeDuration?: string;
  /** On scheduling (to SCHEDULED): the time scheduled. */
  scheduledFor?: Instant;
}

export interface RegisterEventData {
  registerId: string;
  muKey: string;
  mbKey: string;
  identifier: string;
  status: RegisterStatus;
}

export interface PdvDoneData {
  pdvId: string;
  registerId: string;
  muKey: string;
  mbKey: string;
  importProductsId: string;
  product: string;
  deliveredAt: Instant;
}

export interface DeliveryFinishedData {
  deliveryId: string;
  type: 'COLLECTION' | 'DELIVERY';
  muKey: string;
  mbKey: string;
  identifier: string;
  placeName: string;
  startedAt: Instant;
  finishedAt: Instant;
}

export interface EventData {
  'demand.created': DemandCreatedData;
  'participant.status_changed': ParticipantStatusChangedData;
  'register.submitted': RegisterEventData;
  'register.reviewed': RegisterEventData;
  'pdv.done': PdvDoneData;
  'delivery.finished': DeliveryFinishedData;
}

/**
 * A change a client account cares about, written to the outbox by the transaction that makes the
 * change, and never changed afterwards.
 */
export interface DomainEvent<T extends EventType = EventType> {
  /** A UUIDv7: unique, and ordered roughly by when it was made. The feed orders by commit instead. */
  id: string;
  accountId: string;
  type: T;
  occurredAt: Date;
  data: EventData[T];
}

export function newEvent<T extends EventType>(type: T, meta: { id: string; accountId: string; occurredAt: Date }, data: EventData[T]): DomainEvent<T> {
  return { id: meta.id, accountId: meta.accountId, type, occurredAt: new Date(meta.occurredAt.getTime()), data };
}

/** Where a repository's transaction takes the events of the change it is making. */
export interface EventRecorder {
  record(...events: DomainEvent[]): void;
}

/** What a client receives: the body of a webhook delivery (Standard Webhooks' `type`, `timestamp`, `data`). */
export interface EventBody<T extends EventType = EventType> {
  type: T;
  /** When it happened, ISO 8601 in UTC. */
  timestamp: string;
  data: EventData[T];
}

/** An item of the events feed: the webhook body and the event's id. */
export type EventItem<T extends EventType = EventType> = { id: string } & EventBody<T>;

export function eventBody<T extends EventType>(event: DomainEvent<T>): EventBody<T> {
  return { type: event.type, timestamp: event.occurredAt.toISOString(), data: event.data };
}

export function eventItem<T extends EventType>(event: DomainEvent<T>): EventItem<T> {
  return { id: event.id, ...eventBody(event) };
}
