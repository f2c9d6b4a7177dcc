import { Command } from '@nestjs/cqrs';
import type { RegisterState } from '../../../model/register';

/** A finished participant submits the work: a register, PENDING until reviewed. */
export class SubmitWorkCommand extends Command<RegisterState> {
  constructor(
    readonly accountId: string,
    readonly muKey: string,
    readonly identifier: string,
  ) {
    super();
  }
}
