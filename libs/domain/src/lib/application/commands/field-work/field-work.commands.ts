import { Command } from '@nestjs/cqrs';
import type { DeliveryStopState, PdvRecordState } from '../../../model/field-work';

/** A point-of-sale record's product was placed; `at` defaults to now. */
export class MarkPdvDoneCommand extends Command<PdvRecordState> {
  constructor(
    readonly accountId: string,
    readonly pdvId: string,
    readonly at: Date | null = null,
  ) {
    super();
  }
}

/** A collection or delivery stop is finished; `at` defaults to now. */
export class FinishDeliveryStopCommand extends Command<DeliveryStopState> {
  constructor(
    readonly accountId: string,
    readonly deliveryId: string,
    readonly at: Date | null = null,
  ) {
    super();
  }
}
