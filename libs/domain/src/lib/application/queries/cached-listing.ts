import type { ResultCache } from '../ports/result-cache.port';
import { REPORT_LIMITS } from './page';

/** A listing's response body as JSON, with how long a client may keep it. */
export interface CachedListing {
  json: string;
  maxAgeSeconds: number;
}

/**
 * The cache key holds the client account and every parameter after defaults, in a fixed order, so
 * that neither tenants nor parameter order nor omitted defaults can share or split an entry.
 */
export function cacheKey(listing: string, accountId: string, params: Record<string, unknown>): string {
  const normalised = Object.keys(params)
    .sort()
    .map((name) => [name, params[name] ?? null]);
  return `reports:v1:${listing}:${accountId}:${JSON.stringify(normalised)}`;
}

export async function cachedListing(cache: ResultCache, key: string, load: () => Promise<unknown>): Promise<CachedListing> {
  const hit = await cache.get(key);
  if (hit) return { json: hit.value, maxAgeSeconds: hit.ttlSeconds };
  const json = JSON.stringify(await load());
  await cache.set(key, json, REPORT_LIMITS.cacheTtlSeconds);
  return { json, maxAgeSeconds: REPORT_LIMITS.cacheTtlSeconds };
}
