import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { RegisterState } from '../../../model/register';
import { registerReviewed } from '../../events/participant-events';
import { NotFoundError } from '../../not-found.errors';
import { Clock } from '../../ports/clock.port';
import { KeyGenerator } from '../../ports/key-generator.port';
import { ParticipantRepository } from '../../ports/participant-repository.port';
import { ReviewRegisterCommand } from './review-register.command';

@CommandHandler(ReviewRegisterCommand)
export class ReviewRegisterHandler implements ICommandHandler<ReviewRegisterCommand> {
  constructor(
    private readonly participants: ParticipantRepository,
    private readonly keys: KeyGenerator,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, muKey, outcome }: ReviewRegisterCommand): Promise<RegisterState> {
    const { register } = await this.participants.reviewWork(accountId, muKey, (participant, submitted, context) => {
      if (submitted === null) throw NotFoundError.register(muKey);
      if (outcome === 'APPROVED') submitted.approve(participant);
      else submitted.reprove();
      context.record(registerReviewed(submitted, { id: this.keys.eventId(), accountId, muKey: context.muKey, mbKey: context.mbKey, occurredAt: this.clock.now() }));
    });
    return (register as NonNullable<typeof register>).state;
  }
}
