import { Command } from '@nestjs/cqrs';
import type { ParticipantState } from '../../../model/participant';

/** One business verb on a participant's progress; `at` defaults to now, and an expiry is always now. */
export type ParticipantAction =
  | { verb: 'approveEstimate' }
  | { verb: 'schedule'; for: Date }
  | { verb: 'checkIn'; tokenInput?: string | null; at?: Date }
  | { verb: 'checkOut'; complete: boolean; at?: Date }
  | { verb: 'reject' }
  | { verb: 'expire' }
  | { verb: 'quit' }
  | { verb: 'remove' }
  | { verb: 'rate'; rating: number; message?: string | null };

export class ParticipantProgressCommand extends Command<ParticipantState> {
  constructor(
    readonly accountId: string,
    readonly muKey: string,
    readonly action: ParticipantAction,
  ) {
    super();
  }
}
