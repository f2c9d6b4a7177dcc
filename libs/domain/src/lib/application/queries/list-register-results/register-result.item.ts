import type { DeliveryStopEntry, IsoDateTime } from '../report-item-parts';

export interface PdvEntry {
  delivered_at: IsoDateTime | null;
  product: string;
  import_products_id: string;
  data: Record<string, unknown>;
}

export interface FormsDataEntry {
  form_id: number;
  forms_name: string;
  identifier: string;
  answers: { order: string; question: string; answer: string }[];
}

export interface WorkforceBlock {
  mission_date: IsoDateTime;
  user_name: string;
  mb_key: string;
  mu_key: string;
}

/** One APPROVED register; fields as spec 2.5 and contract section 4 name them. */
export interface RegisterResultItem {
  register_id: string;
  register_updated_at: IsoDateTime;
  mission_id: string;
  missions_main_id: string;
  mb_key: string;
  mu_key: string;
  mission: string;
  identifier: string;
  has_pos: boolean;
  has_forms: boolean;
  check_in_check_out: boolean;
  has_delivery_places: boolean;
  /** Each block is present exactly when its flag is true, and absent (no key) otherwise. */
  pdv?: PdvEntry[];
  forms_data?: FormsDataEntry[];
  workforce?: WorkforceBlock;
  delivery?: DeliveryStopEntry[];
}
