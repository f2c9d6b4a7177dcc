import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Participant, type ParticipantState } from '../../../model/participant';
import { Clock } from '../../ports/clock.port';
import { DomainConfig } from '../../ports/domain-config.port';
import { KeyGenerator } from '../../ports/key-generator.port';
import { ParticipantRepository } from '../../ports/participant-repository.port';
import { AcceptPlaceCommand } from './accept-place.command';

@CommandHandler(AcceptPlaceCommand)
export class AcceptPlaceHandler implements ICommandHandler<AcceptPlaceCommand> {
  constructor(
    private readonly participants: ParticipantRepository,
    private readonly keys: KeyGenerator,
    private readonly clock: Clock,
    private readonly config: DomainConfig,
  ) {}

  async execute({ accountId, mbKey, input }: AcceptPlaceCommand): Promise<ParticipantState> {
    const participant = await this.participants.accept(accountId, mbKey, (mission) =>
      Participant.accept(
        { id: this.keys.uuid(), muKey: this.keys.muKey(), mission, ...input },
        { now: this.clock.now(), timeZone: this.config.reportTimeZone },
      ),
    );
    return participant.state;
  }
}
