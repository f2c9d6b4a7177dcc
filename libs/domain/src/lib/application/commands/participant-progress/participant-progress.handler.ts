import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Participant, ParticipantState } from '../../../model/participant';
import { Clock } from '../../ports/clock.port';
import { DomainConfig, deadlineRules } from '../../ports/domain-config.port';
import { ParticipantRepository } from '../../ports/participant-repository.port';
import { type ParticipantAction, ParticipantProgressCommand } from './participant-progress.command';

@CommandHandler(ParticipantProgressCommand)
export class ParticipantProgressHandler implements ICommandHandler<ParticipantProgressCommand> {
  constructor(
    private readonly participants: ParticipantRepository,
    private readonly clock: Clock,
    private readonly config: DomainConfig,
  ) {}

  async execute({ accountId, muKey, action }: ParticipantProgressCommand): Promise<ParticipantState> {
    if (action.verb === 'reject') {
      // The work's review: it sees, and may reprove, the register of the work.
      const { participant } = await this.participants.reviewWork(accountId, muKey, (p, register) => p.reject(register));
      return participant.state;
    }
    const participant = await this.participants.change(accountId, muKey, (p) => this.apply(p, action));
    return participant.state;
  }

  private apply(participant: Participant, action: Exclude<ParticipantAction, { verb: 'reject' }>): void {
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
      case 'expire':
        // Always the clock's time: an expiry dated by its caller could be made early.
        return participant.expire(this.clock.now(), deadlineRules(this.config));
      case 'quit':
        return participant.quit();
      case 'remove':
        return participant.remove();
      case 'rate':
        return participant.rate(action.rating, action.message ?? null);
    }
  }
}
