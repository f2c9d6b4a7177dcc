import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Participant, ParticipantState } from '../../../model/participant';
import type { ChangeContext } from '../../ports/participant-repository.port';
import { participantStatusChanged, registerReviewed } from '../../events/participant-events';
import { Clock } from '../../ports/clock.port';
import { DomainConfig, deadlineRules } from '../../ports/domain-config.port';
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
    if (action.verb === 'reject') {
      // The work's review: it sees, and may reprove, the register of the work.
      const { participant } = await this.participants.reviewWork(accountId, muKey, (p, register, context) => {
        const before = p.state;
        const pending = register?.state.status === 'PENDING';
        p.reject(register);
        this.recordStatusChange(before, p, accountId, context);
        if (register && pending && register.state.status !== 'PENDING') {
          context.record(registerReviewed(register, { id: this.keys.eventId(), accountId, muKey, mbKey: context.mbKey, occurredAt: this.clock.now() }));
        }
      });
      return participant.state;
    }
    const participant = await this.participants.change(accountId, muKey, (p, context) => {
      const before = p.state;
      this.apply(p, action);
      this.recordStatusChange(before, p, accountId, context);
    });
    return participant.state;
  }

  private recordStatusChange(before: ParticipantState, participant: Participant, accountId: string, context: ChangeContext): void {
    const event = participantStatusChanged(before, participant.state, {
      id: this.keys.eventId(),
      accountId,
      mbKey: context.mbKey,
      recordedAt: this.clock.now(),
    });
    if (event) context.record(event);
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
