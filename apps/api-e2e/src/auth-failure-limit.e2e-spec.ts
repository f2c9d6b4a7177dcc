import { Agent } from 'node:http';
import request from 'supertest';
import { useE2eEnvironment } from './support/environment';
import type { Credentials } from './support/fixtures';

const AUTH_ERROR = { error: 'Client ID ou Client Secret inválido ou ausente.' };
const PER_ADDRESS = 5;
const PER_CLIENT_ID = 8;

// Every address in 127.0.0.0/8 is this machine's loopback: each agent below is another client.
const agents = new Map<string, Agent>();
const from = (address: string) => {
  if (!agents.has(address)) agents.set(address, new Agent({ localAddress: address, keepAlive: true }));
  return agents.get(address) as Agent;
};

describe('failed authentications are limited (contract section 3, 429; docs/adr/0012)', () => {
  const env = useE2eEnvironment({ AUTH_FAILURE_LIMIT_PER_ADDRESS: String(PER_ADDRESS), AUTH_FAILURE_LIMIT_PER_CLIENT_ID: String(PER_CLIENT_ID) });
  let client: Credentials;

  beforeAll(async () => {
    client = await env.fixtures.account();
  });

  afterAll(() => {
    for (const agent of agents.values()) agent.destroy();
  });

  const listing = (address: string, headers: Record<string, string>) =>
    request(env.server.baseUrl).get('/v1/registers/results').agent(from(address)).set(headers);
  const wrongSecret = (address: string, clientId = client.headers['client-id']) =>
    listing(address, { 'client-id': clientId, 'client-secret': 'not-the-secret' });

  it(`after ${PER_ADDRESS} failures an address gets 429 "Too many requests" with Retry-After, even with the right secret`, async () => {
    for (let i = 0; i < PER_ADDRESS; i += 1) {
      const res = await wrongSecret('127.0.0.2', `cl_guess_${i}`);
      expect(res.status).toBe(401);
      expect(res.body).toEqual(AUTH_ERROR);
    }
    const refused = await wrongSecret('127.0.0.2');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'Too many requests' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect((await listing('127.0.0.2', client.headers)).status).toBe(429);
    // Without credentials it is still the contract's 401, before anything else.
    expect((await listing('127.0.0.2', {})).status).toBe(401);
  });

  it('a flood of wrong secrets on a client id from other addresses does not lock the real client out', async () => {
    const attackers = ['127.0.0.3', '127.0.0.4', '127.0.0.5', '127.0.0.6'];
    const flood = await Promise.all(attackers.map(async (address) => {
      const statuses: number[] = [];
      for (let i = 0; i < 20; i += 1) statuses.push((await wrongSecret(address)).status);
      return statuses;
    }));
    expect(new Set(flood.flat())).toEqual(new Set([401, 429]));
    expect(flood.flat().filter((status) => status === 401).length).toBeLessThanOrEqual(PER_ADDRESS * attackers.length);

    const real = await listing('127.0.0.1', client.headers);
    expect(real.status).toBe(200);
    // The id is now past its own limit: a new address that fails on it is refused after one try.
    expect((await wrongSecret('127.0.0.7')).status).toBe(401);
    expect((await wrongSecret('127.0.0.7')).status).toBe(429);
    expect((await listing('127.0.0.1', client.headers)).status).toBe(200);
  });

  it('X-Forwarded-For is not believed without TRUST_PROXY_HOPS: a client cannot choose the address it is counted as', async () => {
    for (let i = 0; i < PER_ADDRESS; i += 1) await wrongSecret('127.0.0.8').set('X-Forwarded-For', `198.51.100.${i}`);
    expect((await wrongSecret('127.0.0.8').set('X-Forwarded-For', '198.51.100.99')).status).toBe(429);
  });
});
