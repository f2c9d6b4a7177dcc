import { createHmac, randomBytes } from 'node:crypto';
import type { RevocationHandlers } from '@mwr/domain';
import { LruMap } from './lru-map';

/** Credentials kept at most: well under a few MB, and only valid ones are ever kept. */
export const CREDENTIALS_CACHE_MAX_ENTRIES = 10_000;

export interface AuthenticatorOptions {
  /** Asks the database: the account id of a valid, unrevoked credential pair, else null. */
  lookup: (clientId: string, clientSecret: string) => Promise<string | null>;
  /** How long a verified credential is trusted without asking again; 0: never kept. */
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}

interface Trusted {
  clientId: string;
  accountId: string;
  expiresAt: number;
}

/**
 * Authentication with a short-lived cache of verified credentials (docs/adr/0017). The cache is
 * keyed by the client id and a keyed hash of the secret presented, under a key made at start and
 * never stored; it holds the account id, never the secret or its stored hash. Only a credential
 * that matched is kept, so a wrong secret always asks the database, as an unknown or revoked id
 * does: the timing of a failure still tells nothing (docs/adr/0004). A revocation announced on the
 * feed forgets the client id at once; while the feed is down nothing cached is trusted.
 */
export class Authenticator implements RevocationHandlers {
  private readonly trusted: LruMap<string, Trusted>;
  private readonly key = randomBytes(32);
  private readonly now: () => number;
  /** Whether revocations are being heard: until then every request asks the database. */
  private live = false;
  /** Counts revocations and losses, so a lookup that started before one is not kept after it. */
  private generation = 0;

  constructor(private readonly options: AuthenticatorOptions) {
    this.trusted = new LruMap(options.maxEntries ?? CREDENTIALS_CACHE_MAX_ENTRIES);
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.trusted.size;
  }

  async authenticate(clientId: string, clientSecret: string): Promise<string | null> {
    if (!this.live || this.options.ttlMs === 0) return this.options.lookup(clientId, clientSecret);
    const cacheKey = `${clientId}\n${createHmac('sha256', this.key).update(clientSecret, 'utf8').digest('base64')}`;
    const hit = this.trusted.get(cacheKey);
    if (hit !== undefined && hit.expiresAt > this.now()) return hit.accountId;
    const generation = this.generation;
    const accountId = await this.options.lookup(clientId, clientSecret);
    if (accountId === null) {
      if (hit !== undefined) this.trusted.delete(cacheKey);
    } else if (this.live && generation === this.generation) {
      this.trusted.set(cacheKey, { clientId, accountId, expiresAt: this.now() + this.options.ttlMs });
    }
    return accountId;
  }

  revoked(clientId: string): void {
    this.generation += 1;
    this.trusted.deleteWhere((entry) => entry.clientId === clientId);
  }

  lost(): void {
    this.generation += 1;
    this.live = false;
    this.trusted.clear();
  }

  resumed(): void {
    this.generation += 1;
    this.live = true;
    // What was heard before the gap may have missed a revocation in it.
    this.trusted.clear();
  }
}
