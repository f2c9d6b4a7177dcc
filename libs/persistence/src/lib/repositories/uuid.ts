const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that is not a UUID names nothing: answered as not found rather than as a SQL error. */
export function isUuid(id: string): boolean {
  return UUID.test(id);
}
