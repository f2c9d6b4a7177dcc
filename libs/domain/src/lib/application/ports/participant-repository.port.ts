import type { Participant } from '../../model/participant';
import type { Register } from '../../model/register';
import type { EventRecorder } from '../events/domain-event';

/**
 * What a repository's transaction offers the closure that changes a participant's work: the keys
 * its events name, and the outbox, written in the same transaction as the change.
 */
export interface ChangeContext extends EventRecorder {
  readonly muKey: string;
  readonly mbKey: string;
}

/** A mission as seen by someone taking one of its places. */
export interface MissionPlaces {
  missionId: string;
  mbKey: string;
  places: number;
  /** Places already held: participants that are not buffers and did not quit or get removed. */
  taken: number;
  missionDate: Date;
  /** The shifts of the demand the mission came from. */
  shifts: readonly string[];
}

/**
 * Every method runs in one transaction that locks the row it changes, so two concurrent verbs on
 * the same participant (or two takers of the last place) cannot both win.
 */
export abstract class ParticipantRepository {
  abstract accept(accountId: string, mbKey: string, build: (mission: MissionPlaces) => Participant): Promise<Participant>;
  abstract change(accountId: string, muKey: string, mutate: (participant: Participant, context: ChangeContext) => void): Promise<Participant>;
  abstract submitWork(accountId: string, muKey: string, build: (participant: Participant, context: ChangeContext) => Register): Promise<Register>;
  abstract reviewRegister(accountId: string, muKey: string, mutate: (register: Register, context: ChangeContext) => void): Promise<Register>;
}
