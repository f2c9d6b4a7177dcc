import { Command } from '@nestjs/cqrs';
import type { AcceptPlace, ParticipantState } from '../../../model/participant';

/** What a taker asks for; the mission, the keys and the time come from the service. */
export type AcceptPlaceInput = Pick<AcceptPlace, 'userName' | 'isBuffer' | 'shift' | 'needsEstimate'>;

export class AcceptPlaceCommand extends Command<ParticipantState> {
  constructor(
    readonly accountId: string,
    readonly mbKey: string,
    readonly input: AcceptPlaceInput,
  ) {
    super();
  }
}
