export interface CachedValue {
  value: string;
  /** Whole seconds the entry has left to live. */
  ttlSeconds: number;
}

/**
 * An optimisation only: adapters never throw. A store that is down answers `get` with null and
 * drops `set`, reporting the failure to the operators' logs, so that listings fall back to the
 * database.
 */
export abstract class ResultCache {
  abstract get(key: string): Promise<CachedValue | null>;
  abstract set(key: string, value: string, ttlSeconds: number): Promise<void>;
}
