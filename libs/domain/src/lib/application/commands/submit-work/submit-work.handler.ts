import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Register, type RegisterState } from '../../../model/register';
import { KeyGenerator } from '../../ports/key-generator.port';
import { ParticipantRepository } from '../../ports/participant-repository.port';
import { SubmitWorkCommand } from './submit-work.command';

@CommandHandler(SubmitWorkCommand)
export class SubmitWorkHandler implements ICommandHandler<SubmitWorkCommand> {
  constructor(
    private readonly participants: ParticipantRepository,
    private readonly keys: KeyGenerator,
  ) {}

  async execute({ accountId, muKey, identifier }: SubmitWorkCommand): Promise<RegisterState> {
    const register = await this.participants.submitWork(accountId, muKey, (participant) =>
      Register.submit({
        id: this.keys.uuid(),
        missionsUserId: participant.state.id,
        identifier,
        participantStatus: participant.state.status,
      }),
    );
    return register.state;
  }
}
