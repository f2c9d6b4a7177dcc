import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RegisterState } from '../../../model/register';
import { ParticipantRepository } from '../../ports/participant-repository.port';
import { ReviewRegisterCommand } from './review-register.command';

@CommandHandler(ReviewRegisterCommand)
export class ReviewRegisterHandler implements ICommandHandler<ReviewRegisterCommand> {
  constructor(private readonly participants: ParticipantRepository) {}

  async execute({ accountId, muKey, outcome }: ReviewRegisterCommand): Promise<RegisterState> {
    const register = await this.participants.reviewRegister(accountId, muKey, (r) =>
      outcome === 'APPROVED' ? r.approve() : r.reprove(),
    );
    return register.state;
  }
}
