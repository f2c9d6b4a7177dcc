// The items of the five listings, field for field as spec 2.3-2.5 and contract section 4 name them
// (snake_case, as clients receive them).

/** An instant written in UTC with milliseconds and Z, e.g. `2026-11-21T13:05:00.000Z`. */
export type IsoDateTime = string;

export interface FormAnswerItem {
  form_name: string;
  /** The form's integer id, as a string. */
  form_id: string;
  answer: string;
  question: string;
  order: string;
  identifier: string;
  mb_key: string;
  mu_key: string;
  user_name: string;
  answered_at: IsoDateTime;
}

export interface WorkforceResultItem {
  mission_date: IsoDateTime;
  user_name: string;
  mission: string;
  mb_key: string;
  mu_key: string;
  mission_status: number;
  /** Null while the participant has not checked in (WAITING, SCHEDULED, EXPIRED, ...). */
  check_in_at: IsoDateTime | null;
  check_out_at: IsoDateTime | null;
  /** `HH:MM:SS` between check-in and check-out; empty while not checked out. */
  store_duration: string;
  rating: number | null;
  rating_message: string | null;
  is_buffer: boolean;
  requests: string[] | null;
  is_sla: boolean;
  has_token_input: 'yes' | 'no';
}

/** A collection or delivery stop inside a register's `delivery` block. */
export interface DeliveryStopEntry {
  delivery_id: string;
  type: 'COLLECTION' | 'DELIVERY';
  progress: 1 | 2;
  place_name: string;
  address: string;
  identifier: string;
  started_at: IsoDateTime;
  finished_at: IsoDateTime | null;
  updated_at: IsoDateTime;
}

export interface DeliveryResultItem extends DeliveryStopEntry {
  mission: string;
  mb_key: string;
  mu_key: string;
  user_name: string;
}

export interface PdvResultItem {
  pdv_id: string;
  register_id: string;
  mission: string;
  mb_key: string;
  mu_key: string;
  identifier: string;
  product: string;
  import_products_id: string;
  /** Names from the root of the imported-products hierarchy down to the product's parent. */
  category: string[];
  delivered_at: IsoDateTime | null;
  updated_at: IsoDateTime;
  data: Record<string, unknown>;
}

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
