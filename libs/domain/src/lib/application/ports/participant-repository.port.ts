import type { MissionPlaces } from '../../model/mission-places';
import type { Participant } from '../../model/participant';
import type { Register } from '../../model/register';

/**
 * Every method runs in one transaction that locks the row it changes, so two concurrent verbs on
 * the same participant (or two takers of the last place) cannot both win.
 */
export abstract class ParticipantRepository {
  /** Counts `taken` with `holdsPlace`, under a lock of the mission that serialises its takers. */
  abstract accept(accountId: string, mbKey: string, build: (mission: MissionPlaces) => Participant): Promise<Participant>;
  abstract change(accountId: string, muKey: string, mutate: (participant: Participant) => void): Promise<Participant>;
  abstract submitWork(accountId: string, muKey: string, build: (participant: Participant) => Register): Promise<Register>;
  abstract reviewRegister(accountId: string, muKey: string, mutate: (register: Register) => void): Promise<Register>;
}
