import type { MissionPlaces } from '../../model/mission-places';
import type { MissionStatus } from '../../model/mission-status';
import type { ExpiryCutoffs, Participant } from '../../model/participant';
import type { Register } from '../../model/register';

export interface ReviewedWork {
  participant: Participant;
  register: Register | null;
}

/** A participant, of any client account, whose `expire` would be accepted. */
export interface DueParticipant {
  id: string;
  accountId: string;
  muKey: string;
  status: MissionStatus;
}

/**
 * Every method that changes something runs in one transaction that locks the row it changes, so two
 * concurrent verbs on the same participant (or two takers of the last place) cannot both win.
 */
export abstract class ParticipantRepository {
  /** Counts `taken` with `holdsPlace`, under a lock of the mission that serialises its takers. */
  abstract accept(accountId: string, mbKey: string, build: (mission: MissionPlaces) => Participant): Promise<Participant>;
  abstract change(accountId: string, muKey: string, mutate: (participant: Participant) => void): Promise<Participant>;
  abstract submitWork(accountId: string, muKey: string, build: (participant: Participant) => Register): Promise<Register>;
  /**
   * The two reviews of one piece of work: locks the participant, then its register (null when no
   * work was submitted), and stores what `mutate` changed of either.
   */
  abstract reviewWork(accountId: string, muKey: string, mutate: (participant: Participant, register: Register | null) => void): Promise<ReviewedWork>;
  /**
   * Participants of every client account due for expiry at `cutoffs`, by id, the first `limit`
   * after `after` (null: from the start). For the clock, which pages through them; reads only.
   */
  abstract dueForExpiry(cutoffs: ExpiryCutoffs, page: { after: string | null; limit: number }): Promise<DueParticipant[]>;
}
