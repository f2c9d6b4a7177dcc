import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RegisterState } from '../../../model/register';
import { NotFoundError } from '../../not-found.errors';
import { ParticipantRepository } from '../../ports/participant-repository.port';
import { ReviewRegisterCommand } from './review-register.command';

@CommandHandler(ReviewRegisterCommand)
export class ReviewRegisterHandler implements ICommandHandler<ReviewRegisterCommand> {
  constructor(private readonly participants: ParticipantRepository) {}

  async execute({ accountId, muKey, outcome }: ReviewRegisterCommand): Promise<RegisterState> {
    const { register } = await this.participants.reviewWork(accountId, muKey, (participant, submitted) => {
      if (submitted === null) throw NotFoundError.register(muKey);
      if (outcome === 'APPROVED') submitted.approve(participant);
      else submitted.reprove();
    });
    return (register as NonNullable<typeof register>).state;
  }
}
