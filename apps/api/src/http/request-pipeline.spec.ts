import type { ServerResponse } from 'node:http';
import { AuthFailureLimiter } from './auth-failure-limiter';
import { Authenticator } from './authenticator';
import { type AuthenticatedRequest, authenticate, type NextFunction } from './request-pipeline';
import { RequestError } from './request-error';

const RIGHT = { id: 'cl_real', secret: 'right-secret' };

function setUp(limits = { perAddress: 3, perClientId: 100 }) {
  const lookups: { clientId: string; clientSecret: string }[] = [];
  const authenticator = new Authenticator({
    ttlMs: 0,
    lookup: async (clientId, clientSecret) => {
      lookups.push({ clientId, clientSecret });
      return clientId === RIGHT.id && clientSecret === RIGHT.secret ? 'account-1' : null;
    },
  });
  const middleware = authenticate(authenticator, new AuthFailureLimiter(limits));
  const send = (from: string, headers: Record<string, string>) =>
    new Promise<{ error: unknown; retryAfter: string | undefined; accountId: string | undefined }>((resolve) => {
      const req = { headers, ip: from } as unknown as AuthenticatedRequest;
      const sent: Record<string, string> = {};
      const res = { setHeader: (name: string, value: string) => (sent[name] = value) } as unknown as ServerResponse;
      const next: NextFunction = (error?: unknown) => resolve({ error, retryAfter: sent['Retry-After'], accountId: req.accountId });
      middleware(req, res, next);
    });
  const wrong = (from: string, id = RIGHT.id) => send(from, { 'client-id': id, 'client-secret': 'wrong' });
  const right = (from: string) => send(from, { 'client-id': RIGHT.id, 'client-secret': RIGHT.secret });
  return { lookups, send, wrong, right };
}

const status = (error: unknown) => (error instanceof RequestError ? error.status : error);

describe('authenticate: failed attempts are limited before the database is asked (docs/adr/0012)', () => {
  it('past the limit an address gets 429 "Too many requests" with Retry-After, and costs no lookup', async () => {
    const { lookups, wrong } = setUp();
    for (let i = 0; i < 3; i += 1) expect(status((await wrong('10.0.0.66')).error)).toBe(401);
    expect(lookups).toHaveLength(3);
    for (let i = 0; i < 100; i += 1) {
      const refused = await wrong('10.0.0.66');
      expect(refused.error).toEqual(new RequestError(429, 'Too many requests'));
      expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    }
    expect(lookups).toHaveLength(3);
  });

  it('the refusal is decided before the lookup: even the right secret from that address gets 429', async () => {
    const { wrong, right } = setUp();
    for (let i = 0; i < 3; i += 1) await wrong('10.0.0.66');
    expect(status((await right('10.0.0.66')).error)).toBe(429);
  });

  it('the real client with the right secret from another address still gets in', async () => {
    const { wrong, right } = setUp({ perAddress: 3, perClientId: 2 });
    for (let i = 0; i < 10; i += 1) await wrong(`10.0.0.${i}`);
    const real = await right('192.0.2.7');
    expect(real.error).toBeUndefined();
    expect(real.accountId).toBe('account-1');
  });

  it('missing credentials answer 401 and never count', async () => {
    const { lookups, send, right } = setUp({ perAddress: 1, perClientId: 1 });
    for (let i = 0; i < 10; i += 1) {
      expect(status((await send('10.0.0.66', {})).error)).toBe(401);
      expect(status((await send('10.0.0.66', { 'client-id': RIGHT.id })).error)).toBe(401);
    }
    expect((await right('10.0.0.66')).accountId).toBe('account-1');
    expect(lookups).toHaveLength(21);
  });
});
