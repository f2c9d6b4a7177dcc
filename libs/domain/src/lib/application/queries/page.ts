/** The pagination envelope of every listing (spec 2.2). */
export interface Page<T> {
  total: number;
  page: number;
  itemsPerPage: number;
  data: T[];
}

export interface PageRequest {
  page: number;
  itemsPerPage: number;
  /** Aborted when the client has gone: a read model may stop waiting for a place to run. */
  signal?: AbortSignal;
}

/**
 * Instants bounding a report period: from `from` included up to `before` excluded; null where the
 * period is open. Half-open, because stored instants have microseconds: "up to the last
 * millisecond of the day" would drop what happens in its last 999 microseconds.
 */
export interface Period {
  from: Date | null;
  before: Date | null;
}

/** What a read model answers: the rows of one page and the exact number of matching rows. */
export interface PageRows<R> {
  total: number;
  rows: R[];
}

export const REPORT_LIMITS = Object.freeze({
  itemsPerPageDefault: 10,
  itemsPerPageMax: 50,
  formAnswersPageSize: 50,
  searchMaxLength: 100,
  cacheTtlSeconds: 3600,
});

export function offsetOf(request: PageRequest): number {
  return (request.page - 1) * request.itemsPerPage;
}
