import { MissionStatus, missionStatusName } from '../../model/mission-status';
import { formatDuration, type ParticipantState } from '../../model/participant';
import type { Register } from '../../model/register';
import { type DomainEvent, type ParticipantStatusChangedData, newEvent } from './domain-event';

export interface StatusChangeMeta {
  id: string;
  accountId: string;
  mbKey: string;
  /** When the change is recorded: the time of a transition that carries no time of its own. */
  recordedAt: Date;
}

/**
 * The `participant.status_changed` event of a verb, or null when the verb left the status as it
 * was (a rating). Check-in and check-out report the time they were given, with the SLA and the
 * store duration; every other transition the time it was recorded.
 */
export function participantStatusChanged(
  before: Readonly<ParticipantState>,
  after: Readonly<ParticipantState>,
  meta: StatusChangeMeta,
): DomainEvent<'participant.status_changed'> | null {
  if (before.status === after.status) return null;
  const checkedIn = after.status === MissionStatus.STARTED && after.checkInAt !== null;
  const checkedOut = before.status === MissionStatus.STARTED && after.checkOutAt !== null && after.checkInAt !== null;
  const at = checkedIn ? after.checkInAt : checkedOut ? after.checkOutAt : meta.recordedAt;
  const data: ParticipantStatusChangedData = {
    muKey: after.muKey,
    mbKey: meta.mbKey,
    from: before.status,
    fromName: missionStatusName(before.status),
    to: after.status,
    toName: missionStatusName(after.status),
    at: (at as Date).toISOString(),
  };
  if (checkedIn) data.isSla = after.isSla;
  if (checkedOut) data.storeDuration = formatDuration((after.checkOutAt as Date).getTime() - (after.checkInAt as Date).getTime());
  if (after.status === MissionStatus.SCHEDULED && after.scheduledFor !== null) data.scheduledFor = after.scheduledFor.toISOString();
  return newEvent('participant.status_changed', { id: meta.id, accountId: meta.accountId, occurredAt: at as Date }, data);
}

export interface RegisterEventMeta {
  id: string;
  accountId: string;
  muKey: string;
  mbKey: string;
  occurredAt: Date;
}

/** The `register.reviewed` event of a review that settled the register (APPROVED or REPROVED). */
export function registerReviewed(register: Register, meta: RegisterEventMeta): DomainEvent<'register.reviewed'> {
  const { id: registerId, identifier, status } = register.state;
  return newEvent(
    'register.reviewed',
    { id: meta.id, accountId: meta.accountId, occurredAt: meta.occurredAt },
    { registerId, muKey: meta.muKey, mbKey: meta.mbKey, identifier, status },
  );
}
