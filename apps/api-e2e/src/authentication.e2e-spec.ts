import request from 'supertest';
import { useE2eEnvironment } from './support/environment';
import type { Credentials } from './support/fixtures';

const AUTH_ERROR = { error: 'Client ID ou Client Secret inválido ou ausente.' };

describe('authentication (contract section 2)', () => {
  const env = useE2eEnvironment();
  let client: Credentials;

  beforeAll(async () => {
    client = await env.fixtures.account();
  });

  const post = (headers: Record<string, string>) =>
    request(env.server.baseUrl).post('/v1/missions/demands').set(headers).set('Content-Type', 'application/json').send({});

  it.each([
    ['no headers', () => ({})],
    ['client-secret missing', () => ({ 'client-id': client.headers['client-id'] })],
    ['client-id missing', () => ({ 'client-secret': client.headers['client-secret'] })],
    ['empty values', () => ({ 'client-id': '', 'client-secret': '' })],
    ['unknown client', () => ({ 'client-id': 'cl_unknown', 'client-secret': client.headers['client-secret'] })],
    ['wrong secret', () => ({ 'client-id': client.headers['client-id'], 'client-secret': 'wrong' })],
    ['the secret of another client', () => ({ 'client-id': client.headers['client-id'], 'client-secret': 'x'.repeat(43) })],
  ])('%s: 401 with the same body for every case', async (_case, headers) => {
    const res = await post(headers());
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual(AUTH_ERROR);
  });

  it('a revoked client is refused with 401', async () => {
    const revoked = await env.fixtures.account();
    await env.sql.query(`UPDATE client_accounts SET revoked_at = now() WHERE id = $1`, [revoked.accountId]);
    const res = await post(revoked.headers);
    expect(res.status).toBe(401);
    expect(res.body).toEqual(AUTH_ERROR);
  });

  it('authentication runs before any validation: bad JSON, wrong content type or a huge body still get 401', async () => {
    const base = request(env.server.baseUrl);
    const badJson = await base.post('/v1/missions/demands').set('Content-Type', 'application/json').send('{not json');
    const wrongType = await base.post('/v1/missions/demands').set('Content-Type', 'text/plain').send('hello');
    const huge = await base
      .post('/v1/missions/demands')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ custom_fields: { x: 'y'.repeat(2 * 1024 * 1024) } }));
    for (const res of [badJson, wrongType, huge]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual(AUTH_ERROR);
    }
  });

  it('an unknown path under /v1 is 401 without credentials and 404 "Not found" with them', async () => {
    const base = request(env.server.baseUrl);
    expect((await base.get('/v1/nowhere')).status).toBe(401);
    const res = await base.get('/v1/nowhere').set(client.headers);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found' });
    expect((await base.get('/nowhere')).body).toEqual({ error: 'Not found' });
  });

  it('the client secret never appears in the logs, and every request is logged with a request id', async () => {
    const res = await post(client.headers).set('x-request-id', 'trace-me-123');
    expect(res.headers['x-request-id']).toBe('trace-me-123');
    const logged = await env.server.waitForLog((entry) => (entry['req'] as { id?: string } | undefined)?.id === 'trace-me-123');
    expect(env.server.output()).not.toContain(client.headers['client-secret']);
    expect(logged).toMatchObject({ req: { method: 'POST', url: '/v1/missions/demands' }, res: { statusCode: 400 } });
  });
});
