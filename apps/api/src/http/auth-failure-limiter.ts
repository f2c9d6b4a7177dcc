import { isIPv6 } from 'node:net';
import { LruMap } from './lru-map';

export interface AuthFailureLimits {
  /** Failed authentications a minute from one source address (bursts of as many); 0: no limit. */
  perAddress: number;
  /** Failed authentications a minute for one client id, from every address together; 0: no limit. */
  perClientId: number;
}

const MINUTE_MS = 60_000;

/** Entries kept per table: a few MB at most, however many addresses and ids an attacker sends. */
export const AUTH_FAILURE_MAX_ENTRIES = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Limits failed authentications (docs/adr/0012). A token bucket per source address refuses an
 * address that keeps failing, whatever the ids it tries. A bucket per client id notices an id
 * failing from many addresses; it then refuses only the addresses that failed on that id within the
 * last minute, so an attacker cannot lock out the real client, whose requests, with the right
 * secret from its own address, do not fail. Only failures count; a success forgets that address's
 * failures on that id. Checked before the database is asked, so a refused attempt costs no query;
 * every table is bounded, least recently used out first.
 */
export class AuthFailureLimiter {
  private readonly addresses: LruMap<string, Bucket>;
  private readonly clientIds: LruMap<string, Bucket>;
  /** When each (address, client id) last failed. */
  private readonly failedPairs: LruMap<string, number>;
  private readonly now: () => number;

  constructor(
    private readonly limits: AuthFailureLimits,
    options: { maxEntries?: number; now?: () => number } = {},
  ) {
    const maxEntries = options.maxEntries ?? AUTH_FAILURE_MAX_ENTRIES;
    this.addresses = new LruMap(maxEntries);
    this.clientIds = new LruMap(maxEntries);
    this.failedPairs = new LruMap(maxEntries);
    this.now = options.now ?? Date.now;
  }

  /** 0 when the attempt may be checked, else the whole seconds until it may (for `Retry-After`). */
  check(clientId: string, address: string): number {
    const now = this.now();
    const byAddress = this.secondsUntilToken(this.addresses, address, this.limits.perAddress, now);
    if (byAddress > 0) return byAddress;
    const failedAt = this.failedPairs.get(pairKey(clientId, address));
    if (failedAt === undefined || now - failedAt >= MINUTE_MS) return 0;
    const byClientId = this.secondsUntilToken(this.clientIds, clientId, this.limits.perClientId, now);
    return byClientId > 0 ? Math.min(byClientId, Math.ceil((failedAt + MINUTE_MS - now) / 1000)) : 0;
  }

  failed(clientId: string, address: string): void {
    const now = this.now();
    this.take(this.addresses, address, this.limits.perAddress, now);
    if (this.limits.perClientId === 0) return;
    this.take(this.clientIds, clientId, this.limits.perClientId, now);
    this.failedPairs.set(pairKey(clientId, address), now);
  }

  succeeded(clientId: string, address: string): void {
    this.failedPairs.delete(pairKey(clientId, address));
  }

  private refilled(table: LruMap<string, Bucket>, key: string, limit: number, now: number): Bucket | undefined {
    const bucket = table.get(key);
    if (!bucket) return undefined;
    bucket.tokens = Math.min(limit, bucket.tokens + ((now - bucket.at) * limit) / MINUTE_MS);
    bucket.at = now;
    return bucket;
  }

  private secondsUntilToken(table: LruMap<string, Bucket>, key: string, limit: number, now: number): number {
    if (limit === 0) return 0;
    const bucket = this.refilled(table, key, limit, now);
    if (!bucket || bucket.tokens >= 1) return 0;
    return Math.max(1, Math.ceil(((1 - bucket.tokens) * MINUTE_MS) / limit / 1000));
  }

  private take(table: LruMap<string, Bucket>, key: string, limit: number, now: number): void {
    if (limit === 0) return;
    const bucket = this.refilled(table, key, limit, now) ?? { tokens: limit, at: now };
    // Attempts checked together may all fail: the debt is kept, so the wait grows with them.
    bucket.tokens -= 1;
    table.set(key, bucket);
  }
}

function pairKey(clientId: string, address: string): string {
  return `${address} ${clientId}`;
}

/**
 * The unit an attacker pays for: an IPv4 address, or an IPv6 /64 (what one subscriber is usually
 * given, so that one host cannot walk through its 2^64 addresses). IPv4-mapped IPv6 is IPv4.
 */
export function addressKey(address: string): string {
  const plain = address.split('%')[0];
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(plain);
  if (mapped) return mapped[1];
  if (!isIPv6(plain)) return plain;
  const halves = plain.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])));
  const left = groupsOf(halves[0]);
  const right = halves.length === 2 ? groupsOf(halves[1]) : [];
  const groups = halves.length === 2 ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
