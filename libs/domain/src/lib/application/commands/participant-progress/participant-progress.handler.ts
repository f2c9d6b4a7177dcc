import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Participant, ParticipantState } from '../../../model/participant';
import { participantStatusChanged } from '../../events/participant-events';
import { Clock } from '../../ports/clock.port';
import { DomainConfig } from '../../ports/domain-config.port';
import { KeyGenerator } from '../../ports/key-generator.port';
import { ParticipantRepository } from '../../ports/participant-repository.port';
import { type ParticipantAction, ParticipantProgressCommand } from './participant-progress.command';

@CommandHandler(ParticipantProgressCommand)
export class ParticipantProgressHandler implements ICommandHandler<ParticipantProgressCommand> {
  constructor(
    private readonly participants: ParticipantRepository,
    private readonly clock: Clock,
    private readonly config: DomainConfig,
    private readonly keys: KeyGenerator,
  ) {}

  async execute({ accountId, muKey, action }: ParticipantProgressCommand): Promise<ParticipantState> {
    const participant = await this.participants.change(accountId, muKey, (p, context) => {
      const before = p.state;
      this.apply(p, action);
      const event = participantStatusChanged(before, p.state, {
        id: this.keys.eventId(),
        accountId,
        mbKey: context.mbKey,
        recordedAt: this.clock.now(),
      });
      if (event) context.record(event);
    });
    return participant.state;
  }

  private apply(participant: Participant, action: ParticipantAction): void {
    switch (action.verb) {
      case 'approveEstimate':
        return participant.approveEstimate();
      case 'schedule':
        return participant.schedule(action.for);
      case 'checkIn':
        return participant.checkIn({
          at: action.at ?? this.clock.now(),
          tokenInput: action.tokenInput ?? null,
          slaToleranceMinutes: this.config.slaToleranceMinutes,
        });
      case 'checkOut':
        return participant.checkOut({ at: action.at ?? this.clock.now(), complete: action.complete });
      case 'reject':
        return participant.reject();
      case 'expire':
        return participant.expire();
      case 'quit':
        return participant.quit();
      case 'remove':
        return participant.remove();
      case 'rate':
        return participant.rate(action.rating, action.message ?? null);
    }
  }
}
