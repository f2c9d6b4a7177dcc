import { Logger } from '@nestjs/common';
import { EventsHandler, type IEventHandler } from '@nestjs/cqrs';
import { DemandCreatedEvent } from '@mwr/domain';

@EventsHandler(DemandCreatedEvent)
export class DemandCreatedListener implements IEventHandler<DemandCreatedEvent> {
  private readonly logger = new Logger('DemandCreated');

  handle(event: DemandCreatedEvent): void {
    this.logger.log(
      JSON.stringify({ event: 'DemandCreated', accountId: event.accountId, demandId: event.demandId, mbKeys: event.mbKeys }),
    );
  }
}
