import { Logger } from '@nestjs/common';
import type { CommandBus, QueryBus } from '@nestjs/cqrs';
import { DomainError, type DueForExpiryPage, ParticipantProgressCommand, ParticipantsDueForExpiryQuery } from '@mwr/domain';
import { participantsExpired } from '@mwr/metrics';

const PAGE = 200;

/**
 * The clock: expires every participant the domain says is due (WAITING once its mission day has
 * ended in REPORT_TIME_ZONE, SCHEDULED once its scheduled time plus SLA_TOLERANCE_MINUTES has
 * passed without check-in), each by its own `expire` command, which writes its event. A second
 * worker ticking at the same moment finds the participant moved on under its lock and is refused:
 * no participant is expired twice.
 */
export class ExpiryClock {
  private readonly logger = new Logger('Clock');

  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  async tick(): Promise<{ expired: number; refused: number }> {
    let [expired, refused] = [0, 0];
    let after: string | null = null;
    do {
      const page: DueForExpiryPage = await this.queries.execute(new ParticipantsDueForExpiryQuery(after, PAGE));
      for (const participant of page.data) {
        try {
          await this.commands.execute(new ParticipantProgressCommand(participant.accountId, participant.muKey, { verb: 'expire' }));
          expired += 1;
          participantsExpired.inc();
        } catch (error) {
          // Moved on since the page was read (checked in, quit, expired by another worker).
          if (!(error instanceof DomainError)) throw error;
          refused += 1;
        }
      }
      after = page.next;
    } while (after !== null);
    if (expired > 0 || refused > 0) this.logger.log(`expired ${expired} participants${refused > 0 ? `, ${refused} had moved on` : ''}`);
    return { expired, refused };
  }
}
