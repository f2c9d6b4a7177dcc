import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Register, type RegisterState } from '../../../model/register';
import { newEvent } from '../../events/domain-event';
import { Clock } from '../../ports/clock.port';
import { KeyGenerator } from '../../ports/key-generator.port';
import { ParticipantRepository } from '../../ports/participant-repository.port';
import { SubmitWorkCommand } from './submit-work.command';

@CommandHandler(SubmitWorkCommand)
export class SubmitWorkHandler implements ICommandHandler<SubmitWorkCommand> {
  constructor(
    private readonly participants: ParticipantRepository,
    private readonly keys: KeyGenerator,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, muKey, identifier }: SubmitWorkCommand): Promise<RegisterState> {
    const register = await this.participants.submitWork(accountId, muKey, (participant, context) => {
      const submitted = Register.submit({
        id: this.keys.uuid(),
        missionsUserId: participant.state.id,
        identifier,
        participantStatus: participant.state.status,
      });
      const { id: registerId, status } = submitted.state;
      context.record(
        newEvent(
          'register.submitted',
          { id: this.keys.eventId(), accountId, occurredAt: this.clock.now() },
          { registerId, muKey: context.muKey, mbKey: context.mbKey, identifier, status },
        ),
      );
      return submitted;
    });
    return register.state;
  }
}
