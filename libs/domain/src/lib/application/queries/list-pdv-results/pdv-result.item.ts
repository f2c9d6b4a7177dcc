import type { IsoDateTime } from '../report-item-parts';

/** One DONE point-of-sale record; fields as contract section 4 names them. */
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
