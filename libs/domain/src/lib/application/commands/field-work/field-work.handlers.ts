import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DeliveryStopState, PdvRecordState } from '../../../model/field-work';
import { newEvent } from '../../events/domain-event';
import { Clock } from '../../ports/clock.port';
import { FieldWorkRepository } from '../../ports/field-work-repository.port';
import { KeyGenerator } from '../../ports/key-generator.port';
import { FinishDeliveryStopCommand, MarkPdvDoneCommand } from './field-work.commands';

@CommandHandler(MarkPdvDoneCommand)
export class MarkPdvDoneHandler implements ICommandHandler<MarkPdvDoneCommand> {
  constructor(
    private readonly fieldWork: FieldWorkRepository,
    private readonly keys: KeyGenerator,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, pdvId, at }: MarkPdvDoneCommand): Promise<PdvRecordState> {
    const record = await this.fieldWork.changePdv(accountId, pdvId, (pdv, context) => {
      const doneAt = at ?? this.clock.now();
      pdv.markDone(doneAt);
      const { registerId, importProductsId } = pdv.state;
      context.record(
        newEvent(
          'pdv.done',
          { id: this.keys.eventId(), accountId, occurredAt: doneAt },
          { pdvId, registerId, muKey: context.muKey, mbKey: context.mbKey, importProductsId, product: context.product, deliveredAt: doneAt.toISOString() },
        ),
      );
    });
    return record.state;
  }
}

@CommandHandler(FinishDeliveryStopCommand)
export class FinishDeliveryStopHandler implements ICommandHandler<FinishDeliveryStopCommand> {
  constructor(
    private readonly fieldWork: FieldWorkRepository,
    private readonly keys: KeyGenerator,
    private readonly clock: Clock,
  ) {}

  async execute({ accountId, deliveryId, at }: FinishDeliveryStopCommand): Promise<DeliveryStopState> {
    const stop = await this.fieldWork.changeStop(accountId, deliveryId, (s, context) => {
      const finishedAt = at ?? this.clock.now();
      s.finish(finishedAt);
      const { type, identifier, startedAt } = s.state;
      context.record(
        newEvent(
          'delivery.finished',
          { id: this.keys.eventId(), accountId, occurredAt: finishedAt },
          {
            deliveryId,
            type,
            muKey: context.muKey,
            mbKey: context.mbKey,
            identifier,
            placeName: context.placeName,
            startedAt: startedAt.toISOString(),
            finishedAt: finishedAt.toISOString(),
          },
        ),
      );
    });
    return stop.state;
  }
}
