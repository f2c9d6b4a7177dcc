import type { IsoDateTime } from '../report-item-parts';

/** One answered question; fields as spec 2.3 and contract section 4 name them. */
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
