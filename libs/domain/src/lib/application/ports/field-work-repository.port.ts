import type { DeliveryStop, PdvRecord } from '../../model/field-work';
import type { ChangeContext } from './participant-repository.port';

/**
 * Point-of-sale records and delivery stops: the records of a participant's field work. Each method
 * runs in one transaction that locks the row it changes and writes the events recorded.
 */
export abstract class FieldWorkRepository {
  abstract changePdv(
    accountId: string,
    pdvId: string,
    mutate: (record: PdvRecord, context: ChangeContext & { product: string }) => void,
  ): Promise<PdvRecord>;
  abstract changeStop(
    accountId: string,
    stopId: string,
    mutate: (stop: DeliveryStop, context: ChangeContext & { placeName: string }) => void,
  ): Promise<DeliveryStop>;
}
