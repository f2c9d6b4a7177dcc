import { Authenticator } from './authenticator';

const ACCOUNT = { clientId: 'cl_a', secret: 'right', accountId: 'account-a' };

function setUp(ttlMs = 30_000) {
  let now = 0;
  const lookups: string[] = [];
  let revokedInDatabase = false;
  let pending: (() => void) | null = null;
  let holdNext = false;
  const authenticator = new Authenticator({
    ttlMs,
    now: () => now,
    lookup: async (clientId, clientSecret) => {
      lookups.push(`${clientId}:${clientSecret}`);
      const answer = clientId === ACCOUNT.clientId && clientSecret === ACCOUNT.secret && !revokedInDatabase ? ACCOUNT.accountId : null;
      if (holdNext) {
        holdNext = false;
        await new Promise<void>((release) => (pending = release));
      }
      return answer;
    },
  });
  return {
    authenticator,
    lookups,
    advance: (ms: number) => (now += ms),
    revokeInDatabase: () => (revokedInDatabase = true),
    holdNextLookup: () => (holdNext = true),
    releaseLookup: () => pending?.(),
  };
}

describe('Authenticator: verified credentials are trusted for a short while, never the secret (issue 9: credentials without a database round trip per request)', () => {
  it('asks the database once for a valid credential, then answers from memory until the TTL is over', async () => {
    const { authenticator, lookups, advance } = setUp();
    authenticator.resumed();
    for (let i = 0; i < 5; i += 1) expect(await authenticator.authenticate(ACCOUNT.clientId, ACCOUNT.secret)).toBe(ACCOUNT.accountId);
    expect(lookups).toHaveLength(1);
    advance(30_000);
    expect(await authenticator.authenticate(ACCOUNT.clientId, ACCOUNT.secret)).toBe(ACCOUNT.accountId);
    expect(lookups).toHaveLength(2);
  });

  it('a wrong secret for a cached client id asks the database every time, as an unknown id does (docs/adr/0004: failures cost the same)', async () => {
    const { authenticator, lookups } = setUp();
    authenticator.resumed();
    await authenticator.authenticate(ACCOUNT.clientId, ACCOUNT.secret);
    for (let i = 0; i < 3; i += 1) {
      expect(await authenticator.authenticate(ACCOUNT.clientId, 'wrong')).toBeNull();
      expect(await authenticator.authenticate('cl_unknown', 'wrong')).toBeNull();
    }
    expect(lookups).toEqual(['cl_a:right', ...Array.from({ length: 3 }, () => ['cl_a:wrong', 'cl_unknown:wrong']).flat()]);
  });

  it('a revocation heard forgets the client id at once: the next request asks the database and is refused', async () => {
    const { authenticator, lookups, revokeInDatabase } = setUp();
    authenticator.resumed();
    await authenticator.authenticate(ACCOUNT.clientId, ACCOUNT.secret);
    revokeInDatabase();
    authenticator.revoked(ACCOUNT.clientId);
    expect(authenticator.size).toBe(0);
    expect(await authenticator.authenticate(ACCOUNT.clientId, ACCOUNT.secret)).toBeNull();
    expect(lookups).toHaveLength(2);
  });

  it('a lookup that started before a revocation is not kept after it (it may have read the row before the revoke committed)', async () => {
    const { authenticator, lookups, holdNextLookup, releaseLookup, revokeInDatabase } = setUp();
    authenticator.resumed();
    holdNextLookup();
    const inFlight = authenticator.authenticate(ACCOUNT.clientId, ACCOUNT.secret);
    await Promise.resolve();
    revokeInDatabase();
    authenticator.revoked(ACCOUNT.clientId);
    releaseLookup();
    // The in-flight answer was read before the revocation; it is answered, but not trusted later.
    await inFlight;
    expect(await authenticator.authenticate(ACCOUNT.clientId, ACCOUNT.secret)).toBeNull();
    expect(lookups).toHaveLength(2);
  });

  it('trusts nothing cached while revocations cannot be heard: before the feed is up and after it is lost', async () => {
    const { authenticator, lookups } = setUp();
    await authenticator.authenticate(ACCOUNT.clientId, ACCOUNT.secret);
    await authenticator.authenticate(ACCOUNT.clientId, ACCOUNT.secret);
    expect(lookups).toHaveLength(2);
    authenticator.resumed();
    await authenticator.authenticate(ACCOUNT.clientId, ACCOUNT.secret);
    await authenticator.authenticate(ACCOUNT.clientId, ACCOUNT.secret);
    expect(lookups).toHaveLength(3);
    authenticator.lost();
    expect(authenticator.size).toBe(0);
    await authenticator.authenticate(ACCOUNT.clientId, ACCOUNT.secret);
    await authenticator.authenticate(ACCOUNT.clientId, ACCOUNT.secret);
    expect(lookups).toHaveLength(5);
  });

  it('CREDENTIALS_CACHE_SECONDS=0 keeps nothing', async () => {
    const { authenticator, lookups } = setUp(0);
    authenticator.resumed();
    await authenticator.authenticate(ACCOUNT.clientId, ACCOUNT.secret);
    await authenticator.authenticate(ACCOUNT.clientId, ACCOUNT.secret);
    expect(lookups).toHaveLength(2);
    expect(authenticator.size).toBe(0);
  });

  it('keeps at most maxEntries credentials, least recently used out first', async () => {
    const authenticator = new Authenticator({ ttlMs: 30_000, maxEntries: 2, lookup: async (clientId) => `account-of-${clientId}` });
    authenticator.resumed();
    for (const id of ['cl_1', 'cl_2', 'cl_3']) await authenticator.authenticate(id, 's');
    expect(authenticator.size).toBe(2);
  });

  it('holds neither the secret nor its stored hash: only a keyed hash of it, under a key of this process', async () => {
    const { authenticator } = setUp();
    authenticator.resumed();
    await authenticator.authenticate(ACCOUNT.clientId, ACCOUNT.secret);
    const held = JSON.stringify([...((authenticator as unknown as { trusted: { entries: Map<string, unknown> } }).trusted.entries)]);
    expect(held).toContain(ACCOUNT.accountId);
    expect(held).not.toContain(`:${ACCOUNT.secret}`);
    expect(held).not.toContain(`\\n${ACCOUNT.secret}`);
  });
});
