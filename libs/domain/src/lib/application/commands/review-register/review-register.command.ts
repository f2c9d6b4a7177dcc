import { Command } from '@nestjs/cqrs';
import type { RegisterState } from '../../../model/register';

export class ReviewRegisterCommand extends Command<RegisterState> {
  constructor(
    readonly accountId: string,
    readonly muKey: string,
    readonly outcome: 'APPROVED' | 'REPROVED',
  ) {
    super();
  }
}
