import { Query } from '@nestjs/cqrs';
import type { DueParticipant } from '../../ports/participant-repository.port';

/** One page of participants, of every client account, that are due for expiry now. */
export interface DueForExpiryPage {
  data: DueParticipant[];
  /** The cursor of the next page (`after`), or null when this page was the last. */
  next: string | null;
}

export const DUE_FOR_EXPIRY_LIMITS = Object.freeze({ limitMin: 1, limitMax: 1000 });

/**
 * For the clock: pages through the participants whose `expire` the domain would accept now. Each is
 * then expired with its own command (ParticipantProgressCommand, verb `expire`), which checks again
 * under the participant's lock: one moved on meanwhile is refused, not expired twice.
 */
export class ParticipantsDueForExpiryQuery extends Query<DueForExpiryPage> {
  constructor(
    /** the `next` of the previous page; null for the first */
    readonly after: string | null,
    readonly limit: number,
  ) {
    super();
  }
}
