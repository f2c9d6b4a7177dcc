import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Participant, type ParticipantState } from '../../../model/participant';
import { Shift } from '../../../model/shift';
import { DomainConfig } from '../../ports/domain-config.port';
import { KeyGenerator } from '../../ports/key-generator.port';
import { type MissionPlaces, ParticipantRepository } from '../../ports/participant-repository.port';
import { AcceptPlaceCommand, type AcceptPlaceInput } from './accept-place.command';
import { AcceptPlaceError } from './accept-place.errors';

@CommandHandler(AcceptPlaceCommand)
export class AcceptPlaceHandler implements ICommandHandler<AcceptPlaceCommand> {
  constructor(
    private readonly participants: ParticipantRepository,
    private readonly keys: KeyGenerator,
    private readonly config: DomainConfig,
  ) {}

  async execute({ accountId, mbKey, input }: AcceptPlaceCommand): Promise<ParticipantState> {
    const participant = await this.participants.accept(accountId, mbKey, (mission) => {
      const isBuffer = input.isBuffer ?? false;
      if (!isBuffer && mission.taken >= mission.places) {
        throw new AcceptPlaceError('MISSION_FULL', `Mission ${mission.mbKey} has no open place`);
      }
      return Participant.accept({
        id: this.keys.uuid(),
        muKey: this.keys.muKey(),
        missionId: mission.missionId,
        userName: input.userName,
        isBuffer,
        needsEstimate: input.needsEstimate ?? false,
        shiftStartsAt: this.shiftStart(mission, input),
      });
    });
    return participant.state;
  }

  private shiftStart(mission: MissionPlaces, input: AcceptPlaceInput): Date | null {
    const text = input.shift ?? mission.shifts[0];
    if (text === undefined) return null;
    if (!mission.shifts.includes(text)) {
      throw new AcceptPlaceError('UNKNOWN_SHIFT', `Shift ${text} is not a shift of mission ${mission.mbKey}`);
    }
    return Shift.parse(text).startsAt(this.config.reportTimeZone);
  }
}
