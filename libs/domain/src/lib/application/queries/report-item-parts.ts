// Items are written field for field as the spec and contract section 4 name them (snake_case, as
// clients receive them). What more than one listing shows is declared here once.

/** An instant written in UTC with milliseconds and Z, e.g. `2026-11-21T13:05:00.000Z`. */
export type IsoDateTime = string;

/**
 * A collection or delivery stop inside a register's `delivery` block. The contract shapes it as a
 * collections-and-deliveries item without the mission and participant fields, so that item
 * extends it.
 */
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
