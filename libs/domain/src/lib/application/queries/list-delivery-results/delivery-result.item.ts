import type { DeliveryStopEntry } from '../report-item-parts';

/** One collection or delivery stop; fields as contract section 4 names them. */
export interface DeliveryResultItem extends DeliveryStopEntry {
  mission: string;
  mb_key: string;
  mu_key: string;
  user_name: string;
}
