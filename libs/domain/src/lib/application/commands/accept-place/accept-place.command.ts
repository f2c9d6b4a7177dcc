import { Command } from '@nestjs/cqrs';
import type { ParticipantState } from '../../../model/participant';

export interface AcceptPlaceInput {
  userName: string;
  /** A buffer stands by without holding one of the mission's places. */
  isBuffer?: boolean;
  /** One of the demand's shifts (`day-start-end-index`); the first one when omitted. */
  shift?: string | null;
  /** The place needs an approved estimate before the participant may start. */
  needsEstimate?: boolean;
}

export class AcceptPlaceCommand extends Command<ParticipantState> {
  constructor(
    readonly accountId: string,
    readonly mbKey: string,
    readonly input: AcceptPlaceInput,
  ) {
    super();
  }
}
