import type { IsoDateTime } from '../report-item-parts';

/** One participant of a workforce mission; fields as spec 2.4 and contract section 4 name them. */
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
